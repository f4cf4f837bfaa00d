import type { PinKind } from '../db/schema/boards-and-pins.ts';
import type { CreativeType } from '../../shared/contracts/v5.ts';
import { FEED_END } from '../../shared/resource-cache.ts';

/**
 * What the public API's routes share in translating our answers to the reference's
 * (docs/decisions/0011-public-api-v5.md). The operations' inputs, answers and scopes are declared
 * in src/shared/contracts/v5*.ts; the scopes are enforced by auth/scopes.hook.ts before a handler runs.
 */

/**
 * The pin kinds a creative-type filter keeps: undefined for no filter, null when none of ours
 * can match (the list is then empty without asking the database).
 */
export function kindsOf(types: readonly CreativeType[] | undefined): readonly [PinKind, ...PinKind[]] | null | undefined {
  if (!types) return undefined;
  const kinds: PinKind[] = [...(types.includes('REGULAR') ? ['image' as const] : []), ...(types.includes('VIDEO') ? ['video' as const] : [])];
  const [first, ...rest] = kinds;
  return first ? [first, ...rest] : null;
}

/** A list in the reference's shape: our end marker is a null bookmark. */
export function paged<T>(items: T[], bookmark: string): { items: T[]; bookmark: string | null } {
  return { items, bookmark: bookmark === FEED_END ? null : bookmark };
}

export const emptyPage = () => ({ items: [], bookmark: null });
