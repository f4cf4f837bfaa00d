import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, withCountedTestApp } from '../../support/factories.ts';
import { searchAs, typeaheadAs } from './helpers.ts';

/**
 * A member's search is remembered after its answer (recent-searches.repo.ts): a write that fails
 * must not fail the search, must leave the lists as they were, and changes to the lists must land
 * in the order they were asked, whoever reads them next.
 */
describe.each(databaseKinds)('remembering searches after the answer on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  async function failRecentSearchWrites(): Promise<() => Promise<void>> {
    if (kind === 'sqlite') {
      await sql.raw(`create trigger fail_recent_insert before insert on recent_searches begin select raise(abort, 'injected fault'); end`).execute(t.deps.db);
      return async () => {
        await sql.raw(`drop trigger fail_recent_insert`).execute(t.deps.db);
      };
    }
    await sql
      .raw(`create or replace function injected_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(t.deps.db);
    await sql.raw(`create trigger fail_recent_insert before insert on recent_searches for each row execute function injected_fault()`).execute(t.deps.db);
    return async () => {
      await sql.raw(`drop trigger fail_recent_insert on recent_searches`).execute(t.deps.db);
    };
  }

  const recentLabels = async (browser: Awaited<ReturnType<typeof signIn>>) =>
    (await typeaheadAs(browser, { term: '' })).data.items.filter((i) => i.type === 'recent_query').map((i) => i.label);

  it('answers the search when its write fails, writes nothing, and remembers the next once the fault is gone', async () => {
    const me = await makeUser(t.deps, 'faultsearcher');
    await makePin(t.deps, me, await makeBoard(t.deps, me, { name: 'Weaving' }), { title: 'Tapestry loom' });
    const browser = await signIn(t, me);
    const restore = await failRecentSearchWrites();
    try {
      const { data } = await searchAs(browser, { query: 'tapestry' });
      expect(data.results).toHaveLength(1);
      await t.deps.replicas.recentSearches.settled(me.id);
    } finally {
      await restore();
    }
    expect(await t.deps.db.selectFrom('recent_searches').select('query').where('user_id', '=', me.id).execute()).toEqual([]);
    await searchAs(browser, { query: 'loom' });
    expect(await recentLabels(browser)).toEqual(['loom']);
  });

  it('shows a search at once, and a clearing asked right after it wins', async () => {
    const me = await makeUser(t.deps, 'quicksearcher');
    const browser = await signIn(t, me);
    await searchAs(browser, { query: 'macrame' });
    expect(await recentLabels(browser)).toEqual(['macrame']);
    await searchAs(browser, { query: 'tassels' });
    expect((await browser.resource('AdvancedTypeaheadResource', 'delete', { clear_all: true })).statusCode).toBe(200);
    await t.deps.replicas.recentSearches.settled(me.id);
    expect(await t.deps.db.selectFrom('recent_searches').select('query').where('user_id', '=', me.id).execute()).toEqual([]);
  });
});
