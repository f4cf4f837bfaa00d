import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPinsTable } from '../../../src/server/db/schema/search.ts';
import { MATCH_WINDOW, textMatches } from '../../../src/server/search/pin-matches.ts';
import { readerOf } from '../../../src/server/access/authorized.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../../support/factories.ts';

/*
 * A member's search looks at the unlisted pins of their own secret boards only, and at the newest
 * of those: other members' secret pins with the same word, however many and however new, must not
 * push the member's own out of the window.
 */
describe.each(databaseKinds)("a member's secret pins behind others' on %s", (kind) => {
  let t: TestApp;
  let member: TestUser;
  let own: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    await t.app.ready();
    await t.deps.replicas.pinPostings?.close();
    t.deps.replicas.pinPostings = null;
    member = await makeUser(t.deps, 'member');
    own = (await makePin(t.deps, member, await makeBoard(t.deps, member, { name: 'Mine', privacy: 'secret' }), { title: 'Lemon curd' })).pin.id;
    // Another member's secret pins with the same word, all newer: copies of one, with documents.
    const other = await makeUser(t.deps, 'other');
    const { pin } = await makePin(t.deps, other, await makeBoard(t.deps, other, { name: 'Theirs', privacy: 'secret' }), { title: 'Lemon tart' });
    const template = await t.deps.db.selectFrom('pins').selectAll().where('id', '=', pin.id).executeTakeFirstOrThrow();
    // PostgreSQL computes its text search column itself: it is left out of the copies.
    const row: SearchPinsTable & { document?: unknown } = await t.deps.db
      .selectFrom('search_pins')
      .selectAll()
      .where('pin_id', '=', pin.id)
      .executeTakeFirstOrThrow();
    const { document: _computed, ...document } = row;
    const ids = Array.from({ length: MATCH_WINDOW + 20 }, (_, i) => String(BigInt(pin.id) + 1n + BigInt(i)));
    for (let i = 0; i < ids.length; i += 100) {
      const some = ids.slice(i, i + 100);
      await t.deps.db
        .insertInto('pins')
        .values(some.map((id) => ({ ...template, id })))
        .execute();
      await t.deps.db
        .insertInto('search_pins')
        .values(some.map((id) => ({ ...document, pin_id: id })))
        .execute();
    }
  });
  afterAll(() => t.close());

  it("finds the member's own secret pin by a word in more than a window of others' newer secret pins", async () => {
    const matches = await textMatches(t.deps, readerOf(member.actor), { tokens: ['lemon'], kind: 'all', savedBy: null, product: null });
    expect(matches.map((m) => m.id)).toEqual([own]);
  });
});
