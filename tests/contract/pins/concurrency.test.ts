import { describe, expect, it } from 'vitest';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { savePin, unsavePin } from '../../../src/server/pins/saves.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { withCountedTestApp, boardRow, makeBoard, makePin, makeUser } from '../../support/factories.ts';

/** Writers racing on the same rows: every call succeeds once or answers what is there, and counts stay exact. */
describe.each(databaseKinds)('concurrent saves and follows on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );

  it('the same pin saved to one board by ten calls at once is saved once', async () => {
    const me = await makeUser(t.deps);
    const creator = await makeUser(t.deps);
    const { pin } = await makePin(t.deps, creator, await makeBoard(t.deps, creator));
    const board = await makeBoard(t.deps, me);
    const saves = await Promise.all(Array.from({ length: 10 }, () => savePin(t.deps, me.actor, { pinId: pin.id, boardId: board.id })));
    expect(new Set(saves.map((s) => s.id)).size).toBe(1);
    expect((await boardRow(t.deps, board.id)).pin_count).toBe(1);
  });

  it('many pins saved to one board and then removed at once leave exact counts', async () => {
    const me = await makeUser(t.deps);
    const creator = await makeUser(t.deps);
    const source = await makeBoard(t.deps, creator);
    const pins = [];
    for (let i = 0; i < 12; i += 1) pins.push((await makePin(t.deps, creator, source)).pin);
    const board = await makeBoard(t.deps, me);
    const saves = await Promise.all(pins.map((p) => savePin(t.deps, me.actor, { pinId: p.id, boardId: board.id })));
    expect((await boardRow(t.deps, board.id)).pin_count).toBe(12);
    await Promise.all(saves.slice(0, 7).map((s) => unsavePin(t.deps, me.actor, s.id)));
    expect((await boardRow(t.deps, board.id)).pin_count).toBe(5);
  });

  it('two people following each other at the same moment', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, async () => [await makeUser(t.deps), await makeUser(t.deps)] as const));
    await Promise.all(pairs.flatMap(([a, b]) => [followUser(t.deps, a.actor, b.id), followUser(t.deps, b.actor, a.id)]));
  });
});
