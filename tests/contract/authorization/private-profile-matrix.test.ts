import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import type { ProfileJson } from '../../../src/shared/contracts/social.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { catchUpSearch, settle } from '../../support/settle.ts';
import { ok } from '../boards/helpers.ts';

/*
 * A private profile's authorization matrix (docs/decisions/0046-follow-requests.md): every actor ×
 * every place the owner's boards and pins could show, compared with the rule "the owner and the
 * members it approved; everyone else sees the header at most". Zero leaks: each place is checked
 * with the same owner's content before the profile went private, so an empty answer proves the rule.
 */

const ACTORS = ['owner', 'approved follower', 'pending requester', 'other member', 'blocked member', 'visitor'] as const;
type ActorName = (typeof ACTORS)[number];
const PLACES = ['profile', 'boards', 'created pins', 'board page', 'board html', 'pin closeup', 'closeup html', 'search', 'feed', 'related'] as const;
type Place = (typeof PLACES)[number];

const approved = (actor: ActorName) => actor === 'owner' || actor === 'approved follower';

/** What each actor may see of the private owner in each place. */
function sees(actor: ActorName, place: Place): boolean {
  if (place === 'profile') return actor !== 'blocked member';
  // The home feed has what the reader follows; the visitor's feed is the landing, which lists public pins only.
  if (place === 'feed') return actor === 'approved follower';
  if (place === 'related') return approved(actor);
  return approved(actor);
}

const WORD = 'zorblefrost';

describe.each(databaseKinds)('a private profile on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let neighbour: TestUser;
  let boardUrl: string;
  let boardId: string;
  let pinId: string;
  let neighbourPinId: string;
  const clients = new Map<ActorName, TestClient>();

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    owner = await makeUser(t.deps, 'privateowner');
    neighbour = await makeUser(t.deps, 'neighbour');
    const follower = await makeUser(t.deps, 'approved');
    const pending = await makeUser(t.deps, 'pending');
    const other = await makeUser(t.deps, 'othermember');
    const blocked = await makeUser(t.deps, 'blockedmember');
    const board = await makeBoard(t.deps, owner, { name: `${WORD} board` });
    boardId = board.id;
    pinId = (await makePin(t.deps, owner, board, { title: `${WORD} teapot glaze` })).pin.id;
    const neighbourBoard = await makeBoard(t.deps, neighbour, { name: `${WORD} things` });
    // Another picture: the feeds show one pin of a picture.
    const png = await sharp({ create: { width: 50, height: 70, channels: 3, background: '#2e86c1' } })
      .png()
      .toBuffer();
    const media = await ingestImage(t.deps, neighbour.actor, png, { inline: true });
    const made = await createPin(t.deps, neighbour.actor, { board_id: neighbourBoard.id, section_id: null, media_id: media.id, title: `${WORD} teapot kiln` });
    neighbourPinId = made.pin.id;
    await followUser(t.deps, follower.actor, owner.id);
    await blockUser(t.deps, owner.actor, blocked.id);
    clients.set('owner', await signIn(t, owner));
    clients.set('approved follower', await signIn(t, follower));
    clients.set('pending requester', await signIn(t, pending));
    clients.set('other member', await signIn(t, other));
    clients.set('blocked member', await signIn(t, blocked));
    clients.set('visitor', await visitorClient(t));
    boardUrl = ok<{ url: string }>(await (await visitorClient(t)).getResource('BoardResource', { board_id: board.id })).url;
    return () => t.close();
  });

  const clientOf = (actor: ActorName): TestClient => {
    const client = clients.get(actor);
    if (!client) throw new Error(actor);
    return client;
  };

  /** Whether the owner's content shows to the client in the place. */
  async function shows(actor: ActorName, place: Place): Promise<boolean> {
    const client = clientOf(actor);
    const ids = async (name: string, options: Record<string, unknown>) => {
      const response = await client.getResource(name, options);
      if (response.statusCode !== 200) return [];
      const data = response.json<{ resource_response: { data: unknown } }>().resource_response.data;
      const list = Array.isArray(data) ? data : (data as { results: unknown[] }).results;
      return (list as { id: string }[]).map((item) => item.id);
    };
    switch (place) {
      case 'profile': {
        const response = await client.getResource('UserResource', { username: owner.username });
        return response.statusCode === 200;
      }
      case 'boards':
        return (await ids('BoardsFeedResource', { username: owner.username })).includes(boardId);
      case 'created pins':
        return (await ids('UserPinsResource', { username: owner.username })).includes(pinId);
      case 'board page':
        return (await client.getResource('BoardResource', { board_id: boardId })).statusCode === 200;
      case 'board html':
        return (await client.get(boardUrl)).statusCode === 200;
      case 'pin closeup':
        return (await client.getResource('PinResource', { id: pinId })).statusCode === 200;
      case 'closeup html':
        return (await client.get(`/pin/${pinId}/`)).statusCode === 200;
      case 'search':
        return (await ids('BaseSearchResource', { query: WORD })).includes(pinId);
      case 'feed':
        if (actor === 'visitor') return (await ids('LandingPinsResource', {})).includes(pinId);
        return (await ids('UserHomefeedResource', {})).includes(pinId);
      case 'related':
        return (await ids('RelatedPinFeedResource', { pin_id: neighbourPinId })).includes(pinId);
    }
  }

  it('before going private: the visitor finds the pin in search and on the landing, the follower in the home feed', async () => {
    await catchUpSearch(t.deps);
    await settle(t.deps);
    expect(await shows('visitor', 'search')).toBe(true);
    expect(await shows('visitor', 'pin closeup')).toBe(true);
    expect(await shows('visitor', 'closeup html')).toBe(true);
    expect(await shows('visitor', 'feed')).toBe(true);
    expect(await shows('other member', 'boards')).toBe(true);
    expect(await shows('approved follower', 'feed')).toBe(true);
  });

  it('after going private: each actor sees exactly what the rule allows, the header and no more', async () => {
    ok(await clientOf('owner').resource('PrivacySettingsResource', 'update', { is_private_profile: true }));
    ok(await clientOf('pending requester').resource('UserFollowResource', 'create', { user_id: owner.id }));
    await catchUpSearch(t.deps);
    await settle(t.deps);
    const leaks: string[] = [];
    const missing: string[] = [];
    for (const actor of ACTORS) {
      for (const place of PLACES) {
        // Related pins depend on the recommender's walk; only their absence is the rule's.
        const actual = await shows(actor, place);
        const expected = sees(actor, place);
        if (actual && !expected) leaks.push(`${actor} × ${place}`);
        if (!actual && expected && place !== 'related') missing.push(`${actor} × ${place}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('the header stays readable and says the profile is private', async () => {
    const header = ok<ProfileJson>(await clientOf('other member').getResource('UserResource', { username: owner.username }));
    expect(header).toMatchObject({ username: owner.username, is_private_profile: true, is_visible_to_me: false, follow_requested_by_me: false });
    const pending = ok<ProfileJson>(await clientOf('pending requester').getResource('UserResource', { username: owner.username }));
    expect(pending).toMatchObject({ is_visible_to_me: false, follow_requested_by_me: true });
    const landing = ok<{ id: string }[]>(await clientOf('visitor').getResource('LandingPinsResource', {}));
    expect(landing.map((p) => p.id)).not.toContain(pinId);
    const documents = await t.deps.db.selectFrom('search_pins').select(['pin_id', 'is_public']).where('pin_id', '=', pinId).execute();
    expect(documents).toEqual([{ pin_id: pinId, is_public: 0 }]);
  });
});
