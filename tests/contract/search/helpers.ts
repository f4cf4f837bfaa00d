import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Deps } from '../../../src/server/deps.ts';
import { indexPins } from '../../../src/server/search/search-index.ts';
import type { TestClient } from '../../support/app.ts';

export type SearchItem = { type: string; id: string; title?: string; name?: string; username?: string };
export type SearchData = {
  query: string;
  scope: string;
  scope_id: number | null;
  results: SearchItem[];
  guides: { term: string; query: string }[];
  typo: { original_query: string; corrected_query: string } | null;
  tabs: { name: string; tab_index: number; is_selected: boolean }[];
};
export type TypeaheadItem = { type: string; label: string; query?: string; id?: string; url: string; resultIndex: number };

type Envelope<T> = { resource_response: { data: T; bookmark: string | null } };

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects, as with response.json<T>()
function ok<T>(response: LightMyRequestResponse): { data: T; bookmark: string | null; body: string } {
  expect(response.statusCode, response.body).toBe(200);
  const { data, bookmark } = response.json<Envelope<T>>().resource_response;
  return { data, bookmark, body: response.body };
}

export async function searchAs(client: TestClient, options: Record<string, unknown>) {
  return ok<SearchData>(await client.getResource('BaseSearchResource', options));
}

export async function typeaheadAs(client: TestClient, options: Record<string, unknown>) {
  return ok<{ items: TypeaheadItem[] }>(await client.getResource('AdvancedTypeaheadResource', options));
}

/** The ids of a search's results. */
export async function idsFound(client: TestClient, query: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  return (await searchAs(client, { query, ...extra })).data.results.map((r) => r.id);
}

/** Every page of a search, following bookmarks to the end. */
export async function allPages(client: TestClient, options: Record<string, unknown>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let bookmark: string | null | undefined;
  let pages = 0;
  do {
    const page = await searchAs(client, { ...options, ...(bookmark ? { bookmark } : {}) });
    ids.push(...page.data.results.map((r) => r.id));
    bookmark = page.bookmark;
    pages += 1;
  } while (bookmark && bookmark !== '-end-' && pages < 100);
  return { ids, pages };
}

/**
 * What the index holds that a rebuild from the rows would not: documents the services left stale
 * or pending, and vocabulary counts that differ from a recount of the listed documents. Empty
 * when every change reached the index, in its transaction or by the job.
 */
export async function indexDrift(deps: Deps): Promise<string[]> {
  const snapshot = async () => {
    const rows = await deps.db
      .selectFrom('search_pins')
      .select(['pin_id', 'title', 'description', 'boards', 'product', 'domain', 'terms', 'is_public', 'is_video', 'is_product', 'price', 'in_stock'])
      .orderBy('pin_id')
      .execute();
    return new Map(rows.map((r) => [r.pin_id, JSON.stringify(r)]));
  };
  await deps.events.settled();
  const before = await snapshot();
  const stale = await deps.db.selectFrom('search_stale_pins').select('pin_id').execute();
  const pending = await deps.db.selectFrom('search_pending_pins').select('pin_id').execute();
  const pins = await deps.db.selectFrom('pins').select('id').execute();
  await indexPins(
    deps.db,
    pins.map((p) => p.id),
  );
  const after = await snapshot();
  const drift: string[] = [...stale.map((s) => `stale: ${s.pin_id}`), ...pending.map((p) => `pending: ${p.pin_id}`)];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(id) !== after.get(id)) drift.push(`document ${id}: ${before.get(id) ?? 'none'} → ${after.get(id) ?? 'none'}`);
  }
  const counted = new Map<string, number>();
  for (const row of await deps.db.selectFrom('search_pins').select('terms').where('is_public', '=', 1).execute()) {
    for (const term of row.terms.split(' ').filter(Boolean)) counted.set(term, (counted.get(term) ?? 0) + 1);
  }
  const stored = await deps.db.selectFrom('search_terms').select(['term', 'doc_count']).execute();
  for (const { term, doc_count } of stored)
    if (counted.get(term) !== doc_count) drift.push(`term ${term}: ${doc_count} stored, ${counted.get(term) ?? 0} counted`);
  for (const [term, n] of counted) if (!stored.some((s) => s.term === term)) drift.push(`term ${term}: missing, ${n} counted`);
  const { rows } = await sql<{ n: number }>`select count(*) as n from search_terms where doc_count <= 0`.execute(deps.db);
  if ((rows[0]?.n ?? 0) > 0) drift.push('terms counted zero or less');
  return drift;
}
