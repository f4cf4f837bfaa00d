import type { Actor } from '../access/actor.ts';
import { checkBusinessAccess } from '../access/business.policy.ts';
import type { BusinessHistoryRow } from '../db/schema/businesses.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { defaultHistoryRange } from '../../shared/business.ts';
import { historyOf, userSummaries } from './business.repo.ts';
import { paged, probe, windowOf, type PageAsk } from './paging.ts';

/**
 * A business's History: every change (who, what, before, after, when) between two times, by
 * default 7 days ago to 1 day ago. It tells who holds which permissions, so it is for the people
 * who run the business (owner and admins), like the changes it lists.
 */

export type HistoryEntry = {
  id: string;
  at: number;
  actor: { id: string; username: string } | null;
  action: string;
  subject_id: string;
  before: unknown;
  after: unknown;
};

const MAX_RANGE_MS = 400 * 24 * 60 * 60 * 1000;

export function rangeOf(from: number | undefined, to: number | undefined, now: number): { from: number; to: number } {
  const fallback = defaultHistoryRange(now);
  const range = { from: from ?? fallback.from, to: to ?? fallback.to };
  if (range.from > range.to) throw new AppError('bad_request', 'The range starts after it ends.');
  if (range.to - range.from > MAX_RANGE_MS) throw new AppError('bad_request', 'The range is longer than 400 days.');
  return range;
}

async function entries(deps: Deps, rows: readonly BusinessHistoryRow[]): Promise<HistoryEntry[]> {
  const actors = await userSummaries(
    deps.db,
    rows.flatMap((r) => r.actor_id ?? []),
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.created_at,
    actor: r.actor_id === null ? null : (actors.get(r.actor_id) ?? { id: r.actor_id, username: '' }),
    action: r.action,
    subject_id: r.subject_id,
    before: r.before === null ? null : (JSON.parse(r.before) as unknown),
    after: r.after === null ? null : (JSON.parse(r.after) as unknown),
  }));
}

export async function businessHistoryPage(deps: Deps, actor: Actor, businessId: string, range: { from?: number; to?: number }, ask: PageAsk) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'change');
  const window = windowOf(ask);
  const page = paged(await historyOf(deps.db, access.businessId, rangeOf(range.from, range.to, Date.now()), probe(window).offset, probe(window).limit), window);
  return { items: await entries(deps, page.items), bookmark: page.bookmark };
}

const CSV_BATCH = 500;

function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // Quoted always; a leading formula character is defused so a spreadsheet shows the text, never runs it.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The range's History as CSV, oldest first, read in batches. */
export async function businessHistoryCsv(deps: Deps, actor: Actor, businessId: string, range: { from?: number; to?: number }): Promise<string> {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'change');
  const bounds = rangeOf(range.from, range.to, Date.now());
  const lines = ['when,who,action,subject,before,after'];
  for (let offset = 0; ; offset += CSV_BATCH) {
    const rows = await historyOf(deps.db, access.businessId, bounds, offset, CSV_BATCH);
    for (const e of await entries(deps, rows))
      lines.push([new Date(e.at).toISOString(), e.actor?.username ?? '', e.action, e.subject_id, e.before, e.after].map(cell).join(','));
    if (rows.length < CSV_BATCH) break;
  }
  return `${lines.join('\r\n')}\r\n`;
}
