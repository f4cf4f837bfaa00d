import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../../../src/server/access/actor.ts';
import type { AppError } from '../../../src/server/errors.ts';
import { deletePin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import type { Recommender } from '../../../src/server/recs/recommender.ts';
import { settle } from '../../support/settle.ts';
import { presentRelatedPins } from '../../../src/server/recs/related.present.ts';
import { RELATED_PAGE_SIZE, relatedPins, type RelatedPinItem } from '../../../src/server/recs/related.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { readerOf } from '../../../src/server/access/authorized.ts';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, withCountedTestApp } from '../../support/factories.ts';
import { freshRecommender, makeThemedWorld, pinWithPicture, type ThemedWorld } from './world.ts';

describe.each(databaseKinds)('related pins on %s', (kind) => {
  let t: TestApp;
  let world: ThemedWorld;
  let recommender: Recommender;
  let stop: () => Promise<void> = () => Promise.resolve();
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  beforeAll(async () => {
    world = await makeThemedWorld(t.deps);
    ({ recommender, stop } = await freshRecommender(t.deps));
  }, 120_000);
  afterAll(() => stop());

  const ids = (items: RelatedPinItem[]) => items.map((i) => i.pin.id);

  it('at least 80% of the top 12 related pins of a pin share its theme', async () => {
    let shared = 0;
    let shown = 0;
    for (const { pin, theme } of world.pins.filter((_, i) => i % 4 === 0)) {
      const { items } = await relatedPins(t.deps, visitor, pin.id);
      shown += items.length;
      shared += items.filter((i) => world.themeOf(i.pin.id) === theme).length;
    }
    expect(shown).toBe(48 * RELATED_PAGE_SIZE);
    expect(shared / shown).toBeGreaterThanOrEqual(0.8);
  });

  it('gives every pin a reason; a board reason names a board holding it, with its link', async () => {
    const query = world.pins[3]?.pin.id ?? '';
    const { items } = await relatedPins(t.deps, visitor, query);
    const presented = await presentRelatedPins(t.deps, readerOf(visitor), items);
    expect(presented.map((p) => p.id)).toEqual(ids(items));
    for (const { recommendation_reason: reason, id } of presented) {
      expect(['saved_to_board', 'saved_together', 'visually_similar', 'similar_text']).toContain(reason.reason);
      if (reason.reason !== 'saved_to_board') continue;
      const owner = world.boards.find((b) => b.board.id === reason.reason_id);
      expect(reason.board).toEqual({ id: owner?.board.id, name: owner?.board.name, url: `/${owner?.owner.username}/${owner?.board.slug}/` });
      const saved = await t.deps.db.selectFrom('board_pins').select('id').where('board_id', '=', reason.reason_id).where('pin_id', '=', id).executeTakeFirst();
      expect(saved).toBeDefined();
    }
  });

  it('pages through opaque bookmarks without repeating a pin, to the end marker', async () => {
    const query = world.pins[10]?.pin.id ?? '';
    const seen: string[] = [];
    let bookmark: string | undefined;
    for (let page = 0; page < 30 && bookmark !== FEED_END; page++) {
      const next = await relatedPins(t.deps, visitor, query, bookmark);
      expect(next.items.length).toBeLessThanOrEqual(RELATED_PAGE_SIZE);
      seen.push(...ids(next.items));
      bookmark = next.bookmark;
    }
    expect(bookmark).toBe(FEED_END);
    expect(seen.length).toBeGreaterThan(2 * RELATED_PAGE_SIZE);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(query);
    expect(await relatedPins(t.deps, visitor, query, FEED_END)).toEqual({ items: [], bookmark: FEED_END });
    await expect(relatedPins(t.deps, visitor, query, Buffer.from('["x","1"]').toString('base64url'))).rejects.toMatchObject({
      errorName: 'bad_request',
    } satisfies Partial<AppError>);
  });

  it('answers not found for a pin the reader may not see', async () => {
    const owner = await makeUser(t.deps);
    const { pin } = await makePin(t.deps, owner, await makeBoard(t.deps, owner, { privacy: 'secret' }));
    await expect(relatedPins(t.deps, visitor, pin.id)).rejects.toMatchObject({ errorName: 'not_found' });
    await expect(relatedPins(t.deps, (await makeUser(t.deps)).actor, pin.id)).rejects.toMatchObject({ errorName: 'not_found' });
    await expect(relatedPins(t.deps, visitor, '999999')).rejects.toMatchObject({ errorName: 'not_found' });
    expect((await relatedPins(t.deps, owner.actor, pin.id)).bookmark).toBeDefined();
  });

  it('never shows pins of a creator the reader blocked, nor names their boards', async () => {
    const reader = await makeUser(t.deps);
    const query = world.pins.find((p) => p.theme === 5)?.pin.id ?? '';
    const before = (await relatedPins(t.deps, reader.actor, query)).items;
    const creators = before.map((i) => i.pin.creator_id);
    const blocked = creators.find((c) => c !== world.pins.find((p) => p.pin.id === query)?.pin.creator_id) ?? '';
    expect(blocked).not.toBe('');
    await blockUser(t.deps, reader.actor, blocked);
    const after = (await relatedPins(t.deps, reader.actor, query)).items;
    expect(after.map((i) => i.pin.creator_id)).not.toContain(blocked);
    const blockedBoards = new Set(world.boards.filter((b) => b.owner.id === blocked).map((b) => b.board.id));
    expect(after.filter((i) => blockedBoards.has(i.recommendation_reason.board?.id ?? ''))).toEqual([]);
    // Someone else still sees them.
    expect((await relatedPins(t.deps, visitor, query)).items.map((i) => i.pin.creator_id)).toContain(blocked);
  });

  it('never shows deleted, hidden or unsafe pins, not even on a page read from the kept ranking', async () => {
    const reader = await makeUser(t.deps);
    const query = world.pins.find((p) => p.theme === 7)?.pin.id ?? '';
    const first = await relatedPins(t.deps, reader.actor, query);
    const [deleted, hidden, unsafe] = first.items.slice(0, 3).map((i) => i.pin);
    if (!deleted || !hidden || !unsafe) throw new Error('Expected three related pins');
    const creator = world.users.find((u) => u.id === deleted.creator_id);
    if (!creator) throw new Error('Unknown creator');
    await deletePin(t.deps, creator.actor, deleted.id);
    await setPinHidden(t.deps, reader.actor, hidden.id, true);
    await t.deps.db.updateTable('pins').set({ is_unsafe: 1 }).where('id', '=', unsafe.id).execute();
    await settle(t.deps);
    const gone = [deleted.id, hidden.id, unsafe.id];
    const again = await relatedPins(t.deps, reader.actor, query);
    expect(ids(again.items).filter((id) => gone.includes(id))).toEqual([]);
    // The next page comes from the ranking kept for the first: filtered all the same.
    recommender.rankings.set(query, [
      ...gone.map((pinId) => ({ pinId, score: 9, reason: 'similar_text' as const, boardId: null })),
      ...(recommender.rankings.get(query) ?? []),
    ]);
    const later = await relatedPins(t.deps, reader.actor, query, again.bookmark === FEED_END ? undefined : again.bookmark);
    expect(ids(later.items).filter((id) => gone.includes(id))).toEqual([]);
    // The deleted pin has left the graph (its number stays until the next compaction).
    expect(recommender.graph.boardsOf(recommender.graph.pinIndex(deleted.id)).length).toBe(0);
  });

  it('gives a pin nobody else saved related pins by its picture and its words', async () => {
    const author = await makeUser(t.deps, 'cold');
    const stripes = { colour: '#1f4e9c', striped: true };
    const lookalike = await pinWithPicture(t.deps, author, await makeBoard(t.deps, author), 'Garden shed', stripes);
    const namesake = await pinWithPicture(t.deps, author, await makeBoard(t.deps, author), 'Copper kettle restoration', { colour: '#d4d4d4', striped: false });
    const cold = await pinWithPicture(t.deps, author, await makeBoard(t.deps, author), 'Polishing a copper kettle', stripes);
    await settle(t.deps);
    const { items } = await relatedPins(t.deps, visitor, cold.id);
    const reasons = new Map(items.map((i) => [i.pin.id, i.recommendation_reason]));
    expect(reasons.get(lookalike.id)).toEqual({ reason: 'visually_similar', reason_id: cold.id });
    expect(reasons.get(namesake.id)).toEqual({ reason: 'similar_text', reason_id: cold.id });
    // The themed world's pins share neither the picture nor a word: nothing else is related.
    expect(items).toHaveLength(2);
  });
});
