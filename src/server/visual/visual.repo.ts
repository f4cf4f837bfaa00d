import type { Db } from '../db/database.ts';
import { chunks } from '../recs/graph.repo.ts';
import { PRODUCT, readable, type EntryFeatures } from './feature-table.ts';

/** Rows read per query while building: a page, never the whole table at once. */
const PAGE_SIZE = 10_000;

/**
 * What the index holds of a pin: its picture's features and whether it is a product (its source
 * page declared one; written with the pin and never changed). `waiting`: an image pin whose
 * upload is still processing. `absent`: deleted, a video, failed, or no such pin.
 */
export type PinEntry = { id: string; state: 'indexed'; entry: EntryFeatures } | { id: string; state: 'waiting' | 'absent' };

type Row = { id: string; deleted_at: number | null; kind: string; status: string | null; features: Uint8Array | null; rich_metadata: string | null };

function pinRows(db: Db) {
  return db
    .selectFrom('pins')
    .leftJoin('media', 'media.id', 'pins.media_id')
    .leftJoin('pin_sources', 'pin_sources.pin_id', 'pins.id')
    .select(['pins.id', 'pins.deleted_at', 'pins.kind', 'media.status', 'media.features', 'pin_sources.rich_metadata']);
}

export function entryOf(row: Row): PinEntry {
  if (row.deleted_at !== null || row.kind !== 'image') return { id: row.id, state: 'absent' };
  if (row.status === 'processing') return { id: row.id, state: 'waiting' };
  if (row.status !== 'ready' || !readable(row.features)) return { id: row.id, state: 'absent' };
  return { id: row.id, state: 'indexed', entry: { features: row.features, flags: isProduct(row.rich_metadata) ? PRODUCT : 0 } };
}

function isProduct(richMetadata: string | null): boolean {
  if (richMetadata === null) return false;
  try {
    const parsed: unknown = JSON.parse(richMetadata);
    return typeof parsed === 'object' && parsed !== null && 'product' in parsed && typeof parsed.product === 'object' && parsed.product !== null;
  } catch {
    return false;
  }
}

/** Every live image pin, a page at a time (by id as text: any total order serves a keyset). */
export async function eachLivePinPage(db: Db, onPage: (entries: PinEntry[]) => void): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await pinRows(db)
      .where('pins.deleted_at', 'is', null)
      .where('pins.kind', '=', 'image')
      .where('pins.id', '>', after)
      .orderBy('pins.id')
      .limit(PAGE_SIZE)
      .execute();
    onPage(rows.map(entryOf));
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_SIZE) return;
    after = last.id;
    // A server building a large index still answers between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** These pins as the index should hold them now; an id with no row is absent. */
export async function readPinEntries(db: Db, pinIds: readonly string[]): Promise<PinEntry[]> {
  const out: PinEntry[] = [];
  for (const chunk of chunks([...new Set(pinIds)])) {
    const rows = await pinRows(db).where('pins.id', 'in', chunk).execute();
    const found = new Set(rows.map((r) => r.id));
    out.push(...rows.map(entryOf), ...chunk.filter((id) => !found.has(id)).map((id) => ({ id, state: 'absent' as const })));
  }
  return out;
}
