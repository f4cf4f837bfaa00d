import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveRequest, acceptInvite, inviteCollaborator, requestToJoin } from '../../../src/server/boards/collaborators.service.ts';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { followBoard, followUser } from '../../../src/server/social/follows.service.ts';
import type { Board } from '../../../src/server/db/schema/boards-and-pins.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makeMedia, makePin, makeSection, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';

/*
 * The authorization matrix: every actor × resource × action × path (the resource protocol, and for
 * reads also the server-rendered page and the media file), the expected answer computed from the
 * small table of rules below and compared with the real one.
 */

const ACTORS = ['owner', 'collaborator', 'collaborator_delete', 'invited', 'follower', 'stranger', 'blocked', 'visitor'] as const;
type ActorName = (typeof ACTORS)[number];
const TARGETS = ['public board', 'secret board', 'public section', 'secret section', 'public pin', 'secret pin', 'profile'] as const;
type Target = (typeof TARGETS)[number];
const ACTIONS = ['read', 'list', 'update', 'delete', 'save to', 'add pin'] as const;
type Action = (typeof ACTIONS)[number];

const WRITERS: readonly ActorName[] = ['owner', 'collaborator', 'collaborator_delete'];
const kindOf = (target: Target) => target.split(' ').at(-1) as 'board' | 'section' | 'pin' | 'profile';
const privacyOf = (target: Target) => (target.startsWith('secret') ? 'secret' : 'public');

/** The rules: who sees what, and who may do what to what they see. */
function sees(actor: ActorName, target: Target): boolean {
  if (actor === 'blocked') return false;
  return privacyOf(target) === 'public' || WRITERS.includes(actor);
}

function allowed(actor: ActorName, target: Target, action: Action): boolean {
  const kind = kindOf(target);
  if (action === 'read') return true;
  // A secret board's pin goes onto a public board (every actor's own board here is public) only by its creator.
  if (kind === 'pin') return action === 'save to' ? privacyOf(target) === 'public' || actor === 'owner' : actor === 'owner';
  if (action === 'update') return kind === 'section' ? WRITERS.includes(actor) : actor === 'owner';
  if (action === 'delete') return actor === 'owner' || (kind === 'section' && actor === 'collaborator_delete');
  return WRITERS.includes(actor);
}

type Outcome = 200 | 401 | 403 | 404 | 'listed' | 'absent';

function expected(actor: ActorName, target: Target, action: Action): Outcome {
  if (action === 'list') return sees(actor, target) ? 'listed' : 'absent';
  if (actor === 'visitor' && action !== 'read') return 401;
  if (!sees(actor, target)) return 404;
  return allowed(actor, target, action) ? 200 : 403;
}

/** Actions a target has no verb for. */
function applies(target: Target, action: Action): boolean {
  const kind = kindOf(target);
  if (kind === 'profile') return action === 'read' || action === 'list';
  return !(kind === 'pin' && action === 'add pin');
}

/** Where a read can happen: the resource, the page a browser opens, and a pin's image file. */
type Path = 'resource' | 'page' | 'media';
function pathsOf(target: Target, action: Action): Path[] {
  if (action !== 'read') return ['resource'];
  const kind = kindOf(target);
  if (kind === 'pin') return ['resource', 'page', 'media'];
  return kind === 'section' ? ['resource'] : ['resource', 'page'];
}

const cases = ACTORS.flatMap((actor) =>
  TARGETS.flatMap((target) =>
    ACTIONS.filter((a) => applies(target, a)).flatMap((action) => pathsOf(target, action).map((path) => ({ actor, target, action, path }))),
  ),
);

describe.each(databaseKinds)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  const users = {} as Record<Exclude<ActorName, 'visitor'>, TestUser>;
  const clients = {} as Record<ActorName, TestClient>;
  const ownBoards = {} as Record<string, Board>;
  let curator: TestUser;
  let curatorBoard: Board;

  /** A board of the owner with every relationship of the matrix on it. */
  async function world(privacy: 'public' | 'secret'): Promise<Board> {
    const board = await makeBoard(t.deps, users.owner, { privacy: 'public' });
    await inviteCollaborator(t.deps, users.owner.actor, board.id, users.collaborator.id);
    await acceptInvite(t.deps, users.collaborator.actor, board.id);
    await requestToJoin(t.deps, users.collaborator_delete.actor, board.id);
    await approveRequest(t.deps, users.owner.actor, board.id, users.collaborator_delete.id);
    await inviteCollaborator(t.deps, users.owner.actor, board.id, users.invited.id);
    if (privacy === 'secret') return updateBoard(t.deps, users.owner.actor, board.id, { privacy: 'secret' });
    await followBoard(t.deps, users.follower.actor, board.id);
    return board;
  }

  const targets = {} as Record<Target, { id: string; boardId: string; sectionId?: string; page: string; media?: string }>;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    for (const name of ACTORS) if (name !== 'visitor') users[name] = await makeUser(t.deps, name);
    curator = await makeUser(t.deps, 'curator');
    curatorBoard = await makeBoard(t.deps, curator);
    for (const privacy of ['public', 'secret'] as const) {
      const board = await world(privacy);
      const section = await makeSection(t.deps, users.owner, board);
      // Its own picture: a file shown on a public pin too would be public whatever this pin is.
      const png = await sharp({ create: { width: 20, height: 30, channels: 3, background: privacy === 'public' ? '#117a65' : '#7d3c98' } })
        .png()
        .toBuffer();
      const media = await ingestImage(t.deps, users.owner.actor, png, { inline: true });
      const { pin } = await createPin(t.deps, users.owner.actor, { board_id: board.id, media_id: media.id, title: `${privacy} pin` });
      const page = `/${users.owner.username}/${board.slug}/`;
      targets[`${privacy} board`] = { id: board.id, boardId: board.id, page };
      targets[`${privacy} section`] = { id: section.id, boardId: board.id, sectionId: section.id, page };
      targets[`${privacy} pin`] = { id: pin.id, boardId: board.id, page: `/pin/${pin.id}/`, media: new URL(media.images?.['236x']?.url ?? '').pathname };
    }
    targets.profile = { id: users.owner.id, boardId: '', page: `/${users.owner.username}/` };
    await followUser(t.deps, users.follower.actor, users.owner.id);
    await blockUser(t.deps, users.owner.actor, users.blocked.id);
    for (const name of ACTORS) {
      if (name === 'visitor') {
        clients.visitor = await visitorClient(t);
        continue;
      }
      clients[name] = await signIn(t, users[name]);
      ownBoards[name] = await makeBoard(t.deps, users[name], { name: 'Mine' });
      await makeMedia(t.deps, users[name]);
    }
  });
  afterAll(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
    await t.close();
  });

  const statusOf = (r: { statusCode: number }) => r.statusCode as Outcome;
  const ids = (body: string) => (JSON.parse(body) as { resource_response: { data: { id: string }[] | null } }).resource_response.data?.map((d) => d.id) ?? [];

  /** Every id a feed lists, page by page; null when the feed itself answers an error. */
  async function listAll(c: TestClient, name: string, options: Record<string, unknown>): Promise<string[] | null> {
    const all: string[] = [];
    for (let bookmark: string | null = null; bookmark !== '-end-';) {
      const r = await c.getResource(name, { ...options, ...(bookmark ? { bookmark } : {}) });
      if (r.statusCode !== 200) return null;
      all.push(...ids(r.body));
      bookmark = (JSON.parse(r.body) as { resource_response: { bookmark: string | null } }).resource_response.bookmark ?? '-end-';
    }
    return all;
  }

  /** Performs one action as one actor; answers the status, or for 'list' whether the item is listed. */
  async function perform(actor: ActorName, target: Target, action: Action): Promise<Outcome> {
    const c = clients[actor];
    const ref = targets[target];
    const kind = kindOf(target);
    const privacy = privacyOf(target);
    const owner = users.owner;
    const mediaId = actor === 'visitor' ? '1' : await makeMedia(t.deps, users[actor]);
    const freshCuratorPin = async () => (await makePin(t.deps, curator, curatorBoard)).pin.id;
    switch (`${kind}:${action}`) {
      case 'profile:read':
        return statusOf(await c.getResource('UserResource', { username: owner.username }));
      case 'profile:list':
      case 'board:list': {
        const listed = await listAll(c, 'BoardsFeedResource', { username: owner.username });
        if (listed === null) return 'absent';
        return (kind === 'profile' ? listed.length > 0 : listed.includes(ref.id)) ? 'listed' : 'absent';
      }
      case 'board:read':
        return statusOf(await c.getResource('BoardResource', { board_id: ref.id }));
      case 'board:update':
        return statusOf(await c.resource('BoardResource', 'update', { board_id: ref.id, description: `by ${actor}` }));
      case 'board:delete':
        return statusOf(await c.resource('BoardResource', 'delete', { board_id: (await world(privacy)).id }));
      case 'board:save to':
        return statusOf(await c.resource('RepinResource', 'create', { pin_id: await freshCuratorPin(), board_id: ref.id }));
      case 'board:add pin':
        return statusOf(await c.resource('PinResource', 'create', { board_id: ref.id, media_id: mediaId, title: 'x' }));
      case 'section:read':
        return statusOf(await c.getResource('BoardSectionResource', { section_id: ref.id }));
      case 'section:list': {
        const r = await c.getResource('BoardSectionResource', { board_id: ref.boardId });
        return r.statusCode === 200 && ids(r.body).includes(ref.id) ? 'listed' : 'absent';
      }
      case 'section:update':
        return statusOf(await c.resource('BoardSectionResource', 'update', { section_id: ref.id, title: `by ${actor}` }));
      case 'section:delete': {
        const fresh = await t.deps.db.selectFrom('boards').selectAll().where('id', '=', ref.boardId).executeTakeFirstOrThrow();
        return statusOf(await c.resource('BoardSectionResource', 'delete', { section_id: (await makeSection(t.deps, owner, fresh)).id }));
      }
      case 'section:save to':
        return statusOf(await c.resource('RepinResource', 'create', { pin_id: await freshCuratorPin(), board_id: ref.boardId, section_id: ref.id }));
      case 'section:add pin':
        return statusOf(await c.resource('PinResource', 'create', { board_id: ref.boardId, section_id: ref.id, media_id: mediaId }));
      case 'pin:read':
        return statusOf(await c.getResource('PinResource', { id: ref.id }));
      case 'pin:list': {
        const listed = await listAll(c, 'BoardFeedResource', { board_id: ref.boardId });
        return listed?.includes(ref.id) ? 'listed' : 'absent';
      }
      case 'pin:update':
        return statusOf(await c.resource('PinResource', 'update', { id: ref.id, title: `by ${actor}` }));
      case 'pin:delete': {
        const board = await t.deps.db.selectFrom('boards').selectAll().where('id', '=', ref.boardId).executeTakeFirstOrThrow();
        return statusOf(await c.resource('PinResource', 'delete', { id: (await makePin(t.deps, owner, board)).pin.id }));
      }
      case 'pin:save to': {
        // A fresh pin each time: the owner saving theirs to a public board would publish it for the cells after.
        const board = await t.deps.db.selectFrom('boards').selectAll().where('id', '=', ref.boardId).executeTakeFirstOrThrow();
        const pinId = (await makePin(t.deps, owner, board)).pin.id;
        return statusOf(await c.resource('RepinResource', 'create', { pin_id: pinId, board_id: actor === 'visitor' ? ref.boardId : ownBoards[actor]?.id }));
      }
      default:
        throw new Error(`no action ${kind}:${action}`);
    }
  }

  /** A read through a page or a media file: its HTTP status. */
  async function fetchPath(actor: ActorName, target: Target, path: Exclude<Path, 'resource'>): Promise<Outcome> {
    const ref = targets[target];
    const url = path === 'page' ? ref.page : ref.media;
    if (!url) throw new Error(`${target} has no ${path}`);
    return statusOf(await clients[actor].get(url));
  }

  it.each(cases)('$actor → $action $target through the $path', async ({ actor, target, action, path }) => {
    const outcome = path === 'resource' ? await perform(actor, target, action) : await fetchPath(actor, target, path);
    // A file any visitor may fetch is public and cacheable by anyone: a block cannot take back what
    // signing out shows (pins/media-access.ts), so only secret pins' files follow the block rule.
    const open = path === 'media' && privacyOf(target) === 'public';
    expect(outcome).toBe(open ? 200 : expected(actor, target, action));
  });
});
