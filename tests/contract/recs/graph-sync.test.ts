import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../../../src/server/access/actor.ts';
import { deleteBoard, updateBoard } from '../../../src/server/boards/boards.service.ts';
import { deleteSection } from '../../../src/server/boards/sections.service.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database.ts';
import { shareWriteClock } from '../../../src/server/db/write-clock.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { createMemoryPubSub } from '../../../src/server/ports/cache/memory.ts';
import { savePin, unsavePin } from '../../../src/server/pins/saves.service.ts';
import { createRecommender, type Recommender } from '../../../src/server/recs/recommender.ts';
import { graphSubscriber } from '../../../src/server/recs/graph.subscriber.ts';
import { createEventBus, type EventBus } from '../../../src/server/events/event-bus.ts';
import { settle } from '../../support/settle.ts';
import { relatedPins } from '../../../src/server/recs/related.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeSection, makeUser, withCountedTestApp } from '../../support/factories.ts';
import { freshRecommender } from './world.ts';

/** Polls until `check` holds, for at most `ms`; answers how long it took. */
async function within(ms: number, check: () => boolean): Promise<number> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error(`Not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - start;
}

describe.each(databaseKinds)('the graph follows saves on %s', (kind) => {
  let t: TestApp;
  let recommender: Recommender;
  let stop: () => Promise<void> = () => Promise.resolve();
  withCountedTestApp(kind, (app) => (t = app), 'at the end');
  beforeAll(async () => {
    ({ recommender, stop } = await freshRecommender(t.deps));
  });
  afterAll(() => stop());

  const boardsOf = (pinId: string) => Array.from(recommender.graph.boardsOf(recommender.graph.pinIndex(pinId)), (b) => recommender.graph.boardId(b));
  const pinsOf = (boardId: string) => Array.from(recommender.graph.pinsOf(recommender.graph.boardIndex(boardId)), (p) => recommender.graph.pinId(p));

  it('walks a save within a second of its commit, and forgets an unsave as fast', async () => {
    const me = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me);
    const { pin: first } = await makePin(t.deps, me, board);
    const { pin: other } = await makePin(t.deps, me, await makeBoard(t.deps, me));
    const save = await savePin(t.deps, me.actor, { pinId: other.id, boardId: board.id });
    const walked = () => recommender.walk([{ pinId: first.id, weight: 1 }], 10, 1).some((c) => c.pinId === other.id);
    expect(await within(1000, walked)).toBeLessThan(1000);
    await unsavePin(t.deps, me.actor, save.id);
    await within(1000, () => !walked());
  });

  it("never takes in a save on a secret board, so a secret pin is never anyone else's related pin", async () => {
    const owner = await makeUser(t.deps);
    const publicBoard = await makeBoard(t.deps, owner);
    const { pin: shown } = await makePin(t.deps, owner, publicBoard);
    await makePin(t.deps, owner, publicBoard);
    const secret = await makeBoard(t.deps, owner, { privacy: 'secret' });
    const { pin: hidden } = await makePin(t.deps, owner, secret);
    await savePin(t.deps, owner.actor, { pinId: shown.id, boardId: secret.id });
    await settle(t.deps);
    expect(boardsOf(shown.id)).toEqual([publicBoard.id]);
    expect(recommender.graph.pinIndex(hidden.id)).toBe(-1);
    expect(recommender.graph.boardIndex(secret.id)).toBe(-1);
    for (const reader of [visitor, (await makeUser(t.deps)).actor]) {
      const { items } = await relatedPins(t.deps, reader, shown.id);
      expect(items.map((i) => i.pin.id)).not.toContain(hidden.id);
    }
  });

  it("drops a board that goes secret or is deleted, and a deleted section's saves", async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const section = await makeSection(t.deps, owner, board);
    const { pin: kept } = await makePin(t.deps, owner, board);
    const { pin: sectioned } = await makePin(t.deps, owner, board, { section });
    await savePin(t.deps, owner.actor, { pinId: kept.id, boardId: (await makeBoard(t.deps, owner)).id });
    await settle(t.deps);
    expect(new Set(pinsOf(board.id))).toEqual(new Set([kept.id, sectioned.id]));

    await deleteSection(t.deps, owner.actor, section.id);
    await settle(t.deps);
    expect(pinsOf(board.id)).toEqual([kept.id]);
    expect(boardsOf(sectioned.id)).toEqual([]);

    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'secret' });
    await settle(t.deps);
    expect(pinsOf(board.id)).toEqual([]);
    expect(boardsOf(kept.id)).not.toContain(board.id);

    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'public' });
    await settle(t.deps);
    expect(pinsOf(board.id)).toEqual([kept.id]);

    await deleteBoard(t.deps, owner.actor, board.id);
    await settle(t.deps);
    expect(pinsOf(board.id)).toEqual([]);
    expect(boardsOf(kept.id)).toHaveLength(1);
  });

  it('folds its overlay into a new CSR without losing a save', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const { pin } = await makePin(t.deps, owner, board);
    await settle(t.deps);
    const before = recommender.graph.edges;
    recommender.graph.compact();
    expect(recommender.graph.overlayEntries).toBe(0);
    expect(recommender.graph.edges).toBe(before);
    expect(boardsOf(pin.id)).toEqual([board.id]);
  });
});

describe.each(databaseKinds)('replicas on two nodes of one %s database', (kind) => {
  let t: TestApp;
  const handles: DatabaseHandle[] = [];
  const replicas: Recommender[] = [];
  const buses: EventBus[] = [];
  let nodes: [Deps, Deps];
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  beforeAll(async () => {
    // Two nodes: each its own connection to the one database, its own event bus and replica, one
    // pub/sub between them for the write clocks' "something committed" messages.
    const pubsub = createMemoryPubSub(t.deps.log);
    const node = async (): Promise<Deps> => {
      const handle = openDatabase(t.config.database);
      handles.push(handle);
      await shareWriteClock(handle.writes, pubsub, `node-${handles.length}`);
      const events = createEventBus({ ...handle, log: t.deps.log, cluster: false });
      const replica = createRecommender({ db: handle.db, log: t.deps.log });
      await events.onNode(graphSubscriber(replica));
      events.start();
      await replica.start();
      buses.push(events);
      replicas.push(replica);
      return { ...t.deps, db: handle.db, writes: handle.writes, events, ports: { ...t.deps.ports, pubsub } };
    };
    nodes = [await node(), await node()];
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const replica of replicas) await replica.close();
    for (const handle of handles) await handle.db.destroy();
  });

  it("a save on one node reaches the other node's replica within a second", async () => {
    const [a] = nodes;
    const me = await makeUser(a);
    const board = await makeBoard(a, me);
    const { pin } = await makePin(a, me, board);
    const onOther = () => {
      const graph = replicas[1]?.graph;
      return graph !== undefined && Array.from(graph.boardsOf(graph.pinIndex(pin.id)), (b) => graph.boardId(b)).includes(board.id);
    };
    expect(await within(1000, onOther)).toBeLessThan(1000);
  });
});
