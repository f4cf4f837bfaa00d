import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/access/actor.ts';
import { visitor } from '../../../src/server/access/actor.ts';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { AppError } from '../../../src/server/errors.ts';
import { presentPins } from '../../../src/server/pins/pins.present.ts';
import { deletePin } from '../../../src/server/pins/pins.service.ts';
import { reactToPin, unreactToPin } from '../../../src/server/pins/reactions.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { readerOf } from '../../../src/server/access/authorized.ts';
import { LIKE } from '../../../src/shared/reactions.ts';
import type { TestApp } from '../../support/app.ts';
import { makeBoard, makePin, makeUser, withCountedTestApp, type TestUser } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

async function somePin(name = 'creator') {
  const creator = await makeUser(t.deps, name);
  const board = await makeBoard(t.deps, creator);
  return { creator, board, pin: (await makePin(t.deps, creator, board)).pin };
}

async function seenBy(actor: Actor, pinId: string) {
  const pin = await t.deps.db.selectFrom('pins').selectAll().where('id', '=', pinId).executeTakeFirstOrThrow();
  const [json] = await presentPins(t.deps, readerOf(actor), [{ pin }]);
  return { reaction_counts: json?.reaction_counts, reaction_by_me: json?.reaction_by_me };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.errorName;
}

const reactionRows = (pinId: string) => t.deps.db.selectFrom('pin_reactions').selectAll().where('pin_id', '=', pinId).execute();

describe('react: the member’s reaction counts once and shows as reaction_by_me', () => {
  it('a reaction raises the count by one, names the reaction pin:user:type, and shows to every reader', async () => {
    const { pin } = await somePin();
    const fan = await makeUser(t.deps, 'fan');
    const answer = await reactToPin(t.deps, fan.actor, { pinId: pin.id }, LIKE);
    expect(answer.reaction).toMatchObject({ type: 'reaction', id: `${pin.id}:${fan.id}:1`, reaction_type: 1, user: { id: fan.id, username: fan.username } });
    expect(answer.pin).toEqual({ id: pin.id, reaction_counts: { '1': 1 }, reaction_by_me: 1 });
    expect(await seenBy(fan.actor, pin.id)).toEqual({ reaction_counts: { '1': 1 }, reaction_by_me: 1 });
    expect(await seenBy((await makeUser(t.deps, 'other')).actor, pin.id)).toEqual({ reaction_counts: { '1': 1 }, reaction_by_me: null });
    expect(await seenBy(visitor, pin.id)).toEqual({ reaction_counts: { '1': 1 }, reaction_by_me: null });
  });

  it('reacting again with the same reaction changes nothing', async () => {
    const { pin } = await somePin();
    const fan = await makeUser(t.deps, 'twice');
    await reactToPin(t.deps, fan.actor, { pinId: pin.id }, LIKE);
    const again = await reactToPin(t.deps, fan.actor, { pinId: pin.id, userId: fan.id }, LIKE);
    expect(again.pin.reaction_counts).toEqual({ '1': 1 });
    expect(await reactionRows(pin.id)).toHaveLength(1);
  });

  it('reactions of several members add up', async () => {
    const { pin } = await somePin();
    const fans = await Promise.all(['a', 'b', 'c'].map((n) => makeUser(t.deps, n)));
    await Promise.all(fans.map((fan) => reactToPin(t.deps, fan.actor, { pinId: pin.id }, LIKE)));
    expect((await seenBy(visitor, pin.id)).reaction_counts).toEqual({ '1': 3 });
  });

  it('a new reaction replaces the member’s reaction of another type: that count falls and its entry goes at zero', async () => {
    const { pin } = await somePin();
    const fan = await makeUser(t.deps, 'switcher');
    // A reaction of a type the closeup does not offer, as another client could have stored it.
    await t.deps.db.insertInto('pin_reactions').values({ pin_id: pin.id, user_id: fan.id, reaction_type: 5, created_at: Date.now() }).execute();
    await t.deps.db.insertInto('pin_reaction_counts').values({ pin_id: pin.id, reaction_type: 5, reaction_count: 1 }).execute();
    const answer = await reactToPin(t.deps, fan.actor, { pinId: pin.id }, LIKE);
    expect(answer.pin).toEqual({ id: pin.id, reaction_counts: { '1': 1 }, reaction_by_me: 1 });
    expect((await reactionRows(pin.id)).map((r) => r.reaction_type)).toEqual([1]);
  });
});

describe('unreact: the count falls by one, floors at zero, and the entry is removed at zero', () => {
  it('unreacting gives the count back and removes the entry at zero', async () => {
    const { pin } = await somePin();
    const [first, second] = [await makeUser(t.deps, 'one'), await makeUser(t.deps, 'two')];
    await reactToPin(t.deps, first.actor, { pinId: pin.id }, LIKE);
    await reactToPin(t.deps, second.actor, { pinId: pin.id }, LIKE);
    expect((await unreactToPin(t.deps, first.actor, { pinId: pin.id })).pin).toEqual({ id: pin.id, reaction_counts: { '1': 1 }, reaction_by_me: null });
    const last = await unreactToPin(t.deps, second.actor, { pinId: pin.id }, LIKE);
    expect(last).toEqual({ reaction: null, pin: { id: pin.id, reaction_counts: {}, reaction_by_me: null } });
    expect(await t.deps.db.selectFrom('pin_reaction_counts').selectAll().where('pin_id', '=', pin.id).execute()).toEqual([]);
  });

  it('unreacting without a reaction, or of another type than the member gave, changes nothing', async () => {
    const { pin } = await somePin();
    const fan = await makeUser(t.deps, 'idle');
    expect((await unreactToPin(t.deps, fan.actor, { pinId: pin.id })).pin.reaction_counts).toEqual({});
    await reactToPin(t.deps, (await makeUser(t.deps, 'liker')).actor, { pinId: pin.id }, LIKE);
    await t.deps.db.insertInto('pin_reactions').values({ pin_id: pin.id, user_id: fan.id, reaction_type: 5, created_at: Date.now() }).execute();
    await t.deps.db.insertInto('pin_reaction_counts').values({ pin_id: pin.id, reaction_type: 5, reaction_count: 1 }).execute();
    const answer = await unreactToPin(t.deps, fan.actor, { pinId: pin.id }, LIKE);
    expect(answer.pin).toEqual({ id: pin.id, reaction_counts: { '1': 1, '5': 1 }, reaction_by_me: 5 });
  });
});

describe('who may react: members, for themselves, to pins they may see', () => {
  async function refusals(actor: Actor, pinId: string, userId?: string) {
    return [await refusal(reactToPin(t.deps, actor, { pinId, userId }, LIKE)), await refusal(unreactToPin(t.deps, actor, { pinId, userId }))];
  }

  it('a visitor is asked to sign in, a token without pins:write is refused', async () => {
    const { pin, creator } = await somePin();
    expect(await refusals(visitor, pin.id)).toEqual(['unauthorized', 'unauthorized']);
    const token: Actor = { kind: 'token', userId: creator.id, tokenId: '1', scopes: ['pins:read'] };
    expect(await refusals(token, pin.id)).toEqual(['forbidden', 'forbidden']);
  });

  it('nobody reacts for someone else', async () => {
    const { pin, creator } = await somePin();
    const fan = await makeUser(t.deps, 'impostor');
    expect(await refusals(fan.actor, pin.id, creator.id)).toEqual(['forbidden', 'forbidden']);
  });

  it('a pin on a secret board, a deleted pin, a missing pin: not found, as if it did not exist', async () => {
    const { pin, board, creator } = await somePin('keeper');
    const fan = await makeUser(t.deps, 'outsider');
    await updateBoard(t.deps, creator.actor, board.id, { privacy: 'secret' });
    expect(await refusals(fan.actor, pin.id)).toEqual(['not_found', 'not_found']);
    // Its creator still may.
    expect((await reactToPin(t.deps, creator.actor, { pinId: pin.id }, LIKE)).pin.reaction_counts).toEqual({ '1': 1 });
    const gone = await somePin('deleter');
    await deletePin(t.deps, gone.creator.actor, gone.pin.id);
    expect(await refusals(fan.actor, gone.pin.id)).toEqual(['not_found', 'not_found']);
    expect(await refusals(fan.actor, '99999999999')).toEqual(['not_found', 'not_found']);
  });

  it('a block either way hides the pin: not found', async () => {
    const blocked = await somePin('blocker');
    const fan: TestUser = await makeUser(t.deps, 'blockedfan');
    await blockUser(t.deps, blocked.creator.actor, fan.id);
    expect(await refusals(fan.actor, blocked.pin.id)).toEqual(['not_found', 'not_found']);
    const blocking = await somePin('blockee');
    await blockUser(t.deps, fan.actor, blocking.creator.id);
    expect(await refusals(fan.actor, blocking.pin.id)).toEqual(['not_found', 'not_found']);
    expect(await reactionRows(blocked.pin.id)).toEqual([]);
  });
});
