import { describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/deps.ts';
import { transact } from '../../../src/server/db/transaction.ts';
import { searchAfterSaves, searchDocuments } from '../../../src/server/search/search.subscribers.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { withCountedTestApp } from '../../support/factories.ts';
import { catchUpSearch } from '../../support/settle.ts';
import { loggedEvents, makeEventWorld } from './event-world.ts';

/** Every search document and the vocabulary, as stored; `indexed_at` says when, not what. */
async function documents(deps: Deps) {
  const [pins, boards, users, terms, stale] = await Promise.all([
    deps.db.selectFrom('search_pins').selectAll().orderBy('pin_id').execute(),
    deps.db.selectFrom('search_boards').selectAll().orderBy('board_id').execute(),
    deps.db.selectFrom('search_users').selectAll().orderBy('user_id').execute(),
    deps.db.selectFrom('search_terms').selectAll().orderBy('term').execute(),
    deps.db.selectFrom('search_stale_pins').select('pin_id').orderBy('pin_id').execute(),
  ]);
  return { pins: pins.map(({ indexed_at: _indexedAt, ...doc }) => doc), boards, users, terms, stale };
}

describe.each(databaseKinds)('the search documents follow events idempotently on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  it('leaves every document and word count as it was when the same events are applied again, twice', async () => {
    await makeEventWorld(t.deps);
    await catchUpSearch(t.deps);
    const events = await loggedEvents(t.deps);
    const documentEvents = events.filter((e) => searchDocuments.types.includes(e.type));
    const saveEvents = events.filter((e) => searchAfterSaves.types.includes(e.type));
    expect(documentEvents.length).toBeGreaterThan(10);
    expect(saveEvents.length).toBeGreaterThan(3);
    const before = await documents(t.deps);
    expect(before.pins.length).toBeGreaterThan(0);
    for (let round = 0; round < 2; round++) {
      await transact(t.deps.db, async (trx) => {
        await searchDocuments.apply(trx, documentEvents);
        await searchAfterSaves.apply(trx, saveEvents);
      });
      expect(await documents(t.deps)).toEqual(before);
    }
  });
});
