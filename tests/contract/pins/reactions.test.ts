import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { persistedQueryHashes } from '../../../src/server/graphql/persisted-queries.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { expectResourceFailure, hostileResourceCall, seededRandom, seedOf } from '../auth/hostile-inputs.ts';
import { failed, ok } from '../boards/helpers.ts';

type PinReactions = { reaction_counts: Record<string, number>; reaction_by_me: number | null };
type Answer = { reaction: { id: string; type: string; reaction_type: number; user: { id: string } } | null; pin: { id: string } & PinReactions };

const CASES = Number(process.env['FUZZ_CASES'] ?? 40);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20260412);

/** ReactionsResource and the reactions of PinResource and CloseupDetailQuery, over HTTP. */
describe.each(databaseKinds)('reactions on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  async function somePin(name: string, boardName = 'Things') {
    const creator = await makeUser(t.deps, name);
    const board = await makeBoard(t.deps, creator, { name: boardName });
    return { creator, board, pin: (await makePin(t.deps, creator, board, { title: `${boardName} pin` })).pin };
  }

  const react = (client: TestClient, options: Record<string, unknown>) => client.resource('ReactionsResource', 'create', options);
  const unreact = (client: TestClient, options: Record<string, unknown>) => client.resource('ReactionsResource', 'delete', options);
  const shown = async (client: TestClient, pinId: string) => {
    const pin = ok<PinReactions>(await client.getResource('PinResource', { id: pinId }));
    return { reaction_counts: pin.reaction_counts, reaction_by_me: pin.reaction_by_me };
  };
  const rows = async () =>
    JSON.stringify(
      await Promise.all([
        t.deps.db.selectFrom('pin_reactions').selectAll().orderBy('pin_id').orderBy('user_id').execute(),
        t.deps.db.selectFrom('pin_reaction_counts').selectAll().orderBy('pin_id').orderBy('reaction_type').execute(),
      ]),
    );

  it('a member reacts and unreacts; the pin shows the count to everyone and reaction_by_me to them alone', async () => {
    const { pin } = await somePin('reactcreator');
    const fan = await makeUser(t.deps, 'reactfan');
    const browser = await signIn(t, fan);
    const visitor = await visitorClient(t);
    // A visitor's read before the reaction is kept in memory; the reaction's commit must replace it.
    expect(await shown(visitor, pin.id)).toEqual({ reaction_counts: {}, reaction_by_me: null });

    const answer = ok<Answer>(await react(browser, { pin_id: pin.id, reaction_type: 1, action_type: 'reaction', user_id: fan.id }));
    expect(answer).toMatchObject({ reaction: { type: 'reaction', id: `${pin.id}:${fan.id}:1`, reaction_type: 1, user: { id: fan.id } } });
    expect(answer.pin).toEqual({ id: pin.id, reaction_counts: { '1': 1 }, reaction_by_me: 1 });
    expect(await shown(browser, pin.id)).toEqual({ reaction_counts: { '1': 1 }, reaction_by_me: 1 });
    expect(await shown(visitor, pin.id)).toEqual({ reaction_counts: { '1': 1 }, reaction_by_me: null });
    expect(await shown(await signIn(t, await makeUser(t.deps, 'bystander')), pin.id)).toEqual({ reaction_counts: { '1': 1 }, reaction_by_me: null });
    // Again: still one.
    expect(ok<Answer>(await react(browser, { reaction_pin_id: pin.id, reaction_type: 1 })).pin.reaction_counts).toEqual({ '1': 1 });

    expect(ok<Answer>(await unreact(browser, { pin_id: pin.id, reaction_type: 1, action_type: 'unreaction' }))).toEqual({
      reaction: null,
      pin: { id: pin.id, reaction_counts: {}, reaction_by_me: null },
    });
    expect(await shown(visitor, pin.id)).toEqual({ reaction_counts: {}, reaction_by_me: null });
    // Unreacting again changes nothing.
    expect(ok<Answer>(await unreact(browser, { pin_id: pin.id })).pin.reaction_counts).toEqual({});
  });

  it('many members reacting at once are all counted', async () => {
    const { pin } = await somePin('popularcreator');
    const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => makeUser(t.deps, `crowd${i}`)));
    const browsers = await Promise.all(fans.map((fan) => signIn(t, fan)));
    const answers = await Promise.all(browsers.map((b) => react(b, { pin_id: pin.id, reaction_type: 1 })));
    expect(answers.map((a) => a.statusCode)).toEqual(fans.map(() => 200));
    expect((await shown(await visitorClient(t), pin.id)).reaction_counts).toEqual({ '1': 8 });
    await Promise.all(browsers.slice(0, 5).map((b) => unreact(b, { pin_id: pin.id })));
    expect((await shown(await visitorClient(t), pin.id)).reaction_counts).toEqual({ '1': 3 });
  });

  it('a visitor is asked to log in; a secret or blocked pin is not found; nobody reacts for another; nothing changes', async () => {
    const { pin, board, creator } = await somePin('guardedcreator');
    const fan = await makeUser(t.deps, 'guardedfan');
    const browser = await signIn(t, fan);
    const visitor = await visitorClient(t);
    await visitor.ensureCsrf();
    const before = await rows();
    failed(await react(visitor, { pin_id: pin.id, reaction_type: 1 }), 401);
    failed(await unreact(visitor, { pin_id: pin.id }), 401);
    failed(await react(browser, { pin_id: pin.id, reaction_type: 1, user_id: creator.id }), 403);
    failed(await react(browser, { pin_id: '99999999', reaction_type: 1 }), 404);
    await updateBoard(t.deps, creator.actor, board.id, { privacy: 'secret' });
    failed(await react(browser, { pin_id: pin.id, reaction_type: 1 }), 404);
    failed(await unreact(browser, { pin_id: pin.id }), 404);
    const open = await somePin('blockingcreator');
    await blockUser(t.deps, open.creator.actor, fan.id);
    failed(await react(browser, { pin_id: open.pin.id, reaction_type: 1 }), 404);
    expect(await rows()).toBe(before);
  });

  it('refuses bad options with a clear 400 and changes nothing', async () => {
    const { pin } = await somePin('badinputcreator');
    const other = await somePin('badinputother');
    const browser = await signIn(t, await makeUser(t.deps, 'badinputfan'));
    const before = await rows();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /pin_id: Which pin\?/],
      [{ reaction_type: 1 }, /pin_id: Which pin\?/],
      [{ pin_id: 'abc', reaction_type: 1 }, /pin_id: Not found/],
      [{ pin_id: pin.id }, /reaction_type/],
      [{ pin_id: pin.id, reaction_type: 2 }, /reaction_type: This is not a reaction type/],
      [{ pin_id: pin.id, reaction_type: '1' }, /reaction_type: This is not a reaction type/],
      [{ pin_id: pin.id, reaction_type: 1, action_type: 'unreaction' }, /action_type/],
      [{ pin_id: pin.id, reaction_type: 1, action_type: 'love' }, /action_type/],
      [{ pin_id: pin.id, reaction_pin_id: other.pin.id, reaction_type: 1 }, /reaction_pin_id: pin_id and reaction_pin_id name different pins/],
      [{ pin_id: pin.id, reaction_type: 1, user_id: 'me' }, /user_id/],
    ];
    for (const [options, message] of cases) {
      const response = await react(browser, options);
      failed(response, 400);
      expect(response.json<{ resource_response: { error: { message: string } } }>().resource_response.error.message, JSON.stringify(options)).toMatch(message);
    }
    failed(await unreact(browser, { pin_id: pin.id, action_type: 'reaction' }), 400);
    failed(await unreact(browser, { pin_id: pin.id, reaction_type: 9 }), 400);
    failed(await unreact(browser, {}), 400);
    expect(await rows()).toBe(before);
  });

  it('never answers 5xx to hostile options, always the error envelope, and a refused call changes nothing', async () => {
    const { pin } = await somePin('fuzzcreator');
    const browser = await signIn(t, await makeUser(t.deps, 'fuzzfan'));
    for (const verb of ['create', 'delete'] as const) {
      const seed = seedOf(`ReactionsResource/${verb}`, BASE_SEED);
      const random = seededRandom(seed);
      for (let i = 0; i < CASES; i += 1) {
        const before = await rows();
        const call = hostileResourceCall('ReactionsResource', verb, { pin_id: pin.id, reaction_type: 1 }, random, BODY_LIMIT);
        const response = await browser.request(call);
        const where = `${verb} case ${i} (seed ${seed}): ${call.url.slice(0, 300)}`;
        expect(response.statusCode, `${where}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
        expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
        if (response.statusCode >= 400) {
          expectResourceFailure(response, where);
          expect(await rows(), where).toBe(before);
        }
      }
    }
  });

  it('CloseupDetailQuery carries reactionCountsData, reactionByMe and the related interests', async () => {
    const { pin } = await somePin('graphcreator', 'Mountain trails');
    const mountains = await ensureInterest(t.deps.db, 'Mountain', 'mountain');
    const fan = await makeUser(t.deps, 'graphfan');
    const browser = await signIn(t, fan);
    ok(await react(browser, { pin_id: pin.id, reaction_type: 1 }));
    ok(await react(await signIn(t, await makeUser(t.deps, 'graphfan2')), { pin_id: pin.id, reaction_type: 1 }));
    const ask = async (client: TestClient) => {
      const response = await client.request({
        method: 'POST',
        url: '/_/graphql/',
        payload: { queryHash: persistedQueryHashes()['CloseupDetailQuery'], variables: { pinId: pin.id, isAuth: true, isDesktop: true } },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { closeupDetail: Record<string, unknown> } }>().data.closeupDetail;
    };
    expect(await ask(browser)).toMatchObject({
      reactionCountsData: [{ reactionType: 1, reactionCount: 2 }],
      reactionByMe: 1,
      pinJoin: { seoRelatedInterests: [{ id: mountains.id, name: 'Mountain', slug: 'mountain', url: `/ideas/mountain/${mountains.id}/`, isFollowed: false }] },
    });
    expect(await ask(await visitorClient(t))).toMatchObject({ reactionCountsData: [{ reactionType: 1, reactionCount: 2 }], reactionByMe: null });
  });
});
