import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PinBoardGraph } from '../../../src/server/recs/graph.ts';
import { loadGraph } from '../../../src/server/recs/graph.repo.ts';
import { graphChangeOf, graphSubscriber } from '../../../src/server/recs/graph.subscriber.ts';
import type { Recommender } from '../../../src/server/recs/recommender.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { withCountedTestApp } from '../../support/factories.ts';
import { loggedEvents, makeEventWorld, type EventWorld } from '../search/event-world.ts';
import { settle } from '../../support/settle.ts';
import { freshRecommender } from './world.ts';

/** The rows of the world's pins and boards, newest save first, as ids. */
function rowsOf(graph: PinBoardGraph, world: EventWorld) {
  const boardsOf = (pinId: string) => {
    const pin = graph.pinIndex(pinId);
    return pin < 0 ? [] : Array.from(graph.boardsOf(pin), (b) => graph.boardId(b));
  };
  const pinsOf = (boardId: string) => {
    const board = graph.boardIndex(boardId);
    return board < 0 ? [] : Array.from(graph.pinsOf(board), (p) => graph.pinId(p));
  };
  return { pins: world.pinIds.map(boardsOf), boards: world.boardIds.map(pinsOf), edges: graph.edges };
}

describe.each(databaseKinds)('the graph follows events idempotently on %s', (kind) => {
  let t: TestApp;
  let recommender: Recommender;
  let stop: () => Promise<void> = () => Promise.resolve();
  withCountedTestApp(kind, (app) => (t = app), 'at the end');
  beforeAll(async () => {
    ({ recommender, stop } = await freshRecommender(t.deps));
  });
  afterAll(() => stop());

  it('names the same pins and boards however often it is given the same events', async () => {
    await makeEventWorld(t.deps);
    const events = (await loggedEvents(t.deps)).filter((e) => graphSubscriber(recommender).types.includes(e.type));
    const change = graphChangeOf(events);
    expect(change.pinIds?.length).toBeGreaterThan(0);
    expect(change.boardIds?.length).toBeGreaterThan(0);
    expect(graphChangeOf([...events, ...events])).toEqual(change);
  });

  it('leaves the graph as the database says when a replica re-reads the same events twice', async () => {
    const world = await makeEventWorld(t.deps);
    await settle(t.deps);
    const events = (await loggedEvents(t.deps)).filter((e) => graphSubscriber(recommender).types.includes(e.type));
    const built = rowsOf(await loadGraph(t.deps.db), world);
    expect(rowsOf(recommender.graph, world)).toEqual(built);
    for (let round = 0; round < 2; round++) {
      await graphSubscriber(recommender).apply(events);
      await recommender.settled();
      expect(rowsOf(recommender.graph, world)).toEqual(built);
    }
  });
});
