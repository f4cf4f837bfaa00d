import { describe, expect, it } from 'vitest';
import type { VisualIndex } from '../../../src/server/visual/visual-index.ts';
import { visualSubscriber } from '../../../src/server/visual/visual.subscriber.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { withCountedTestApp } from '../../support/factories.ts';
import { loggedEvents, makeEventWorld, type EventWorld } from '../search/event-world.ts';

/** Which of the world's pins the index holds, and how many pictures in all. */
function heldBy(index: VisualIndex, world: EventWorld) {
  return { held: world.pinIds.map((id) => index.neighbours.has(BigInt(id))), live: index.neighbours.liveCount };
}

describe.each(databaseKinds)('the visual index follows events idempotently on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  it('holds the same pictures when the same pins are refreshed twice, or their events applied again', async () => {
    const index = t.deps.replicas.visualIndex;
    if (!index) throw new Error('No visual index: the app serves none');
    await index.ready();
    const world = await makeEventWorld(t.deps);
    const events = (await loggedEvents(t.deps)).filter((e) => visualSubscriber(index).types.includes(e.type));
    await index.settled();
    const before = heldBy(index, world);
    // Live pins with a picture are held; not the deleted one, nor the one whose only board was deleted.
    expect(before.held).toEqual([true, true, true, false, false]);
    for (let round = 0; round < 2; round++) {
      index.refresh(world.pinIds);
      await index.settled();
      expect(heldBy(index, world)).toEqual(before);
      await visualSubscriber(index).apply(events);
      await index.settled();
      expect(heldBy(index, world)).toEqual(before);
    }
  });
});
