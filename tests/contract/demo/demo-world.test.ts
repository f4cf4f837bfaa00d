import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, type DemoCounts } from '../../../src/server/demo/plan.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../../src/server/demo/plan-people.ts';
import { generateDemoWorld } from '../../../src/server/demo/run.ts';
import { startDemoWorld } from '../../../src/server/demo/start.ts';
import { DemoStopped } from '../../../src/server/demo/world.ts';
import type { Deps } from '../../../src/server/deps.ts';
import type { NuxState } from '../../../src/shared/contracts/nux.ts';
import type { PinReactions } from '../../../src/shared/reactions.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift } from '../../support/factories.ts';
import { ok } from '../boards/helpers.ts';
import { tableCounts, worldSnapshot } from './snapshot.ts';

const SMALL: DemoCounts = { members: 6, boards: 10, pins: 40, videos: 1, saves: 80, stories: 2 };
const SEED = 'contract';
const LONG = 180_000;

/** The deps with a logger whose info lines the test can read (the test app only logs errors). */
function withLogLines(deps: Deps): { deps: Deps; lines: string[] } {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { deps: { ...deps, log }, lines };
}

describe.each(databaseKinds)('the demo world on %s', (kind) => {
  let first: TestApp;
  let second: TestApp;
  const plan = buildPlan(SEED, SMALL);

  beforeAll(async () => {
    first = await startTestApp(kind, { worker: false, env: { DEMO: 'on', DEMO_SEED: SEED } });
    second = await startTestApp(kind, { worker: false });
  }, LONG);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('with DEMO=off nothing is generated', async () => {
    expect(second.config.demo).toBe(false);
    expect(startDemoWorld(second.deps, SMALL)).toBeNull();
    expect((await tableCounts(second.deps))['users']).toBe(0);
  });

  it(
    'the first start of an empty database makes the planned world through the services and prints the login',
    async () => {
      const { deps, lines } = withLogLines(first.deps);
      const run = startDemoWorld(deps, SMALL);
      expect(run).not.toBeNull();
      await run?.done;
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const storyPictures = sum(plan.stories.map((story) => story.pictures.filter((seed) => seed !== null).length));
      expect(await tableCounts(first.deps)).toMatchObject({
        users: plan.members.length,
        media: plan.members.length + plan.pins.length + storyPictures + plan.triedIts.filter((t) => t.picture !== null).length,
        boards: plan.boards.length,
        board_sections: sum(plan.boards.map((b) => b.sections.length)),
        board_collaborators: sum(plan.boards.map((b) => b.collaborators.length)),
        pins: plan.pins.length + plan.stories.length,
        board_pins: plan.pins.length + plan.stories.length + plan.saves.length,
        pin_sources: plan.pins.filter((p) => p.page !== null).length,
        pin_reactions: plan.reactions.length,
        user_follows: plan.userFollows.length,
        board_follows: plan.boardFollows.length,
        interests: plan.topics.length,
        interest_follows: plan.topicFollows.length,
        comments: plan.comments.length,
        did_its: plan.triedIts.length,
      });
      expect(plan.saves.length).toBeGreaterThan(20);
      expect(plan.comments.filter((c) => c.replyTo !== null).length).toBeGreaterThan(0);
      expect(plan.triedIts.length).toBeGreaterThan(0);
      expect(plan.reactions.length).toBeGreaterThan(20);
      const media = await first.deps.db.selectFrom('media').select(['kind', 'status', 'videos']).execute();
      expect(media.every((m) => m.status === 'ready')).toBe(true);
      const videos = media.filter((m) => m.kind === 'video');
      expect(videos).toHaveLength(1);
      expect(videos[0]?.videos).toContain('V_HLSV4');
      expect(await first.deps.db.selectFrom('pins').select('id').where('kind', '=', 'video').execute()).toHaveLength(1);
      expect(await counterDrift(first.deps)).toEqual([]);
      const ready = lines.map((l) => JSON.parse(l) as { msg: string }).find((l) => l.msg.startsWith('Demo world ready'));
      expect(ready?.msg).toBe(`Demo world ready: log in at http://localhost:3000/login as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
    },
    LONG,
  );

  it('the demo member logs in with the printed password; so can the other members', async () => {
    const demo = first.client('10.93.0.1');
    await demo.logIn(DEMO_EMAIL, DEMO_PASSWORD);
    const me = await demo.get('/v3/users/me/');
    expect(me.json<{ data: { username: string; email_verified?: boolean } }>().data).toMatchObject({ username: 'demo' });
    // The world already gave the demo member interests and boards: no onboarding to go through.
    expect(ok<NuxState>(await demo.getResource('NuxResource'))).toMatchObject({ completed: true });
    const other = plan.members[1]?.username ?? '';
    await first.client('10.93.0.2').logIn(other, DEMO_PASSWORD);
    await expect(first.client('10.93.0.3').logIn('demo', 'wrong password')).rejects.toThrow(/handshake failed: 401/);
  });

  it('closeups of liked pins show their likes, to visitors and to the members who liked them', async () => {
    const likers = new Map<number, number[]>();
    for (const { member, pin } of plan.reactions) likers.set(pin, [...(likers.get(pin) ?? []), member]);
    const [pin, members] = [...likers.entries()].sort(([, a], [, b]) => b.length - a.length)[0] ?? [0, []];
    const pinId = (await first.deps.db.selectFrom('pins').select('id').orderBy('id').offset(pin).limit(1).executeTakeFirstOrThrow()).id;
    const visitor = first.client('10.93.0.4');
    expect(ok<PinReactions>(await visitor.getResource('PinResource', { id: pinId }))).toMatchObject({
      reaction_counts: { '1': members.length },
      reaction_by_me: null,
    });
    const liker = first.client('10.93.0.5');
    await liker.logIn(plan.members[members[0] ?? 0]?.username ?? '', DEMO_PASSWORD);
    expect(ok<PinReactions>(await liker.getResource('PinResource', { id: pinId }))).toMatchObject({
      reaction_counts: { '1': members.length },
      reaction_by_me: 1,
    });
  });

  it(
    'the same seed makes the same world: people, boards, titles, pictures and graph',
    async () => {
      const world = await generateDemoWorld(second.deps, { seed: SEED, counts: SMALL });
      expect(world?.made).toMatchObject({
        members: 6,
        boards: 10,
        pins: 40,
        videos: 1,
        stories: 2,
        saves: plan.saves.length,
        reactions: plan.reactions.length,
        comments: plan.comments.length,
        triedIts: plan.triedIts.length,
      });
      const [a, b] = [await worldSnapshot(first.deps), await worldSnapshot(second.deps)];
      expect(b).toEqual(a);
      expect(a.pins).toHaveLength(40 + 2);
      expect(await counterDrift(second.deps)).toEqual([]);
    },
    LONG,
  );

  it('a database that has members is left as it is', async () => {
    const before = await tableCounts(first.deps);
    expect(await generateDemoWorld(first.deps, { seed: 'another seed', counts: SMALL })).toBeNull();
    await startDemoWorld(first.deps, SMALL)?.done;
    expect(await tableCounts(first.deps)).toEqual(before);
  });

  it(
    'shutdown stops it between two service calls, with every counter exact, and it does not start over',
    async () => {
      const third = await startTestApp(kind, { worker: false });
      try {
        const controller = new AbortController();
        const stopping = generateDemoWorld(third.deps, {
          seed: SEED,
          counts: SMALL,
          signal: controller.signal,
          onPins: (made) => {
            if (made === 5) controller.abort();
          },
        });
        await expect(stopping).rejects.toBeInstanceOf(DemoStopped);
        expect((await tableCounts(third.deps))['pins']).toBe(5);
        expect(await counterDrift(third.deps)).toEqual([]);
        expect(await generateDemoWorld(third.deps, { seed: SEED, counts: SMALL })).toBeNull();
      } finally {
        await third.close();
      }
    },
    LONG,
  );
});
