import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { listedPhrases, PHRASE_PINS, visiblePhrases } from '../../../src/server/search/pin-matches.ts';
import { createPinPostingsReplica } from '../../../src/server/search/pin-postings-replica.ts';
import { withBlocksKnown } from '../../../src/server/access/block.policy.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { readerOf, type Reader } from '../../../src/server/access/authorized.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../../support/factories.ts';

/*
 * Whether a phrase finds a pin the reader may see (typeahead completions, topic and trend pages),
 * answered for the listed pins from this node's postings and a policy check of their newest few,
 * is what the engines answer: through hidden, deleted, unsafe, stale and blocked pins, secret
 * boards, several words and the video filter.
 */
const PHRASES = [['amber'], ['basalt'], ['cobalt'], ['dune'], ['ember'], ['amber', 'basalt'], ['amber', 'cobalt'], ['glacier'], ['nothing']];

describe.each(databaseKinds)('visible phrases from the postings and from the engine on %s', (kind) => {
  let t: TestApp;
  let member: TestUser;
  let readers: { visitor: Reader; member: Reader };

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    await t.app.ready();
    await t.deps.replicas.pinPostings?.close();
    t.deps.replicas.pinPostings = null;
    const maker = await makeUser(t.deps, 'maker');
    const blocked = await makeUser(t.deps, 'blocked');
    member = await makeUser(t.deps, 'member');
    const board = await makeBoard(t.deps, maker, { name: 'Stones' });
    const pin = async (title: string, by: TestUser = maker, on = board) => (await makePin(t.deps, by, on, { title })).pin.id;
    await pin('amber');
    await pin('amber basalt');
    // basalt: the oldest is visible to all; the newest PHRASE_PINS are not, to the member.
    await pin('basalt');
    const basalt = [await pin('basalt hidden'), await pin('basalt deleted'), await pin('basalt unsafe')];
    expect(basalt).toHaveLength(PHRASE_PINS);
    // cobalt: fewer than PHRASE_PINS pins, none visible to anyone.
    const cobalt = [await pin('cobalt unsafe'), await pin('cobalt stale')];
    await pin('dune', blocked, await makeBoard(t.deps, blocked, { name: 'Sand' }));
    await pin('ember', member, await makeBoard(t.deps, member, { name: 'Mine', privacy: 'secret' }));
    const video = await pin('glacier video');
    for (let i = 0; i < PHRASE_PINS; i++) await pin('glacier');
    await t.deps.db.updateTable('search_pins').set({ is_video: 1 }).where('pin_id', '=', video).execute();

    // Built now, so that it still holds what changes below: the policy must refuse those.
    const replica = createPinPostingsReplica(t.deps, { pollMs: 3_600_000 });
    await replica.start();
    t.deps.replicas.pinPostings = replica;
    await setPinHidden(t.deps, member.actor, basalt[0] ?? '', true);
    await deletePin(t.deps, maker.actor, basalt[1] ?? '');
    await t.deps.db
      .updateTable('pins')
      .set({ is_unsafe: 1 })
      .where('id', 'in', [basalt[2] ?? '', cobalt[0] ?? ''])
      .execute();
    await t.deps.db
      .insertInto('search_stale_pins')
      .values({ pin_id: cobalt[1] ?? '', marked_at: Date.now() })
      .execute();
    await blockUser(t.deps, member.actor, blocked.id);
    readers = { visitor: readerOf({ kind: 'visitor' }), member: await withBlocksKnown(t.deps.db, readerOf(member.actor)) };
  });
  afterAll(() => t.close());

  const forms = PHRASES.map((phrase) => phrase.map((word) => [word]));

  it('settles from the postings what their newest pins tell, and leaves the rest to the engine', async () => {
    expect(await listedPhrases(t.deps, readers.visitor, forms, null)).toEqual([true, true, false, true, false, true, false, true, false]);
    // The member hid, or cannot see, the newest three basalt pins; an older one is the engine's to find.
    expect(await listedPhrases(t.deps, readers.member, forms, null)).toEqual([true, undefined, false, false, false, true, false, true, false]);
  });

  it('answers as the engines do, for a visitor and for a member with blocks and a secret board', async () => {
    const expected = {
      visitor: [true, true, false, true, false, true, false, true, false],
      member: [true, true, false, false, true, true, false, true, false],
    };
    for (const who of ['visitor', 'member'] as const) {
      expect(await visiblePhrases(t.deps, readers[who], PHRASES)).toEqual(expected[who]);
      expect(await visiblePhrases(t.deps, readers[who], PHRASES, 'videos')).toEqual(PHRASES.map((p) => p[0] === 'glacier'));
    }
    await t.deps.replicas.pinPostings?.close();
    t.deps.replicas.pinPostings = null;
    for (const who of ['visitor', 'member'] as const) {
      expect(await visiblePhrases(t.deps, readers[who], PHRASES)).toEqual(expected[who]);
      expect(await visiblePhrases(t.deps, readers[who], PHRASES, 'videos')).toEqual(PHRASES.map((p) => p[0] === 'glacier'));
    }
  });
});
