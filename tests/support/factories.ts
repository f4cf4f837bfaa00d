import { sql } from 'kysely';
import sharp from 'sharp';
import type { Actor } from '../../src/server/access/actor.ts';
import { issueToken } from '../../src/server/auth/handshake.ts';
import { addSection } from '../../src/server/boards/sections.service.ts';
import { createBoard } from '../../src/server/boards/boards.service.ts';
import { newId } from '../../src/server/db/ids.ts';
import type { Board, BoardPin, BoardSection, Pin } from '../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../src/server/deps.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { createAccount } from '../../src/server/users/account.service.ts';
import type { NewUser } from '../../src/server/db/schema/accounts.ts';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import type { DatabaseKind } from './databases.ts';
import { recordPinSource } from '../../src/server/scrape/page-source.ts';

/**
 * Factories for users, boards, sections and pins. Everything but the user row goes through the
 * services (so counts are what the product would make of it); users are inserted directly because
 * a sign-up costs an argon2 hash, and a session comes from the real handshake when a test needs HTTP.
 */

export type TestUser = { id: string; username: string; actor: Actor };

let sequence = 0;

/** The actor a signed-in browser session of `userId` would carry. */
export function memberActor(userId: string): Actor {
  return { kind: 'member', userId, sessionIdHash: `test-${userId}`, limitedLogin: false, expiresAt: Date.now() + 86_400_000 };
}

/** A member with a verified email; `fields` replaces stored columns (a password hash, say). */
export async function makeUser(deps: Deps, name = 'user', fields: Partial<NewUser> = {}): Promise<TestUser> {
  sequence += 1;
  const id = newId();
  const username = `${
    name
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, 12) || 'user'
  }${sequence}x${id.slice(-6)}`;
  const now = Date.now();
  await createAccount(deps, {
    id,
    email: `${username}@example.com`,
    username,
    password_hash: null,
    first_name: name,
    last_name: 'Test',
    country: 'US',
    locale: 'en_US',
    gender: null,
    custom_gender: null,
    birthday: '1990-01-01',
    is_partner: 0,
    business_name: null,
    is_employee: 0,
    email_verified_at: now,
    allow_personalization_cookies: 0,
    allow_analytic_cookies: 0,
    allow_marketing_cookies: 0,
    mfa_secret: null,
    signup_source: null,
    created_at: now,
    updated_at: now,
    ...fields,
  });
  return { id, username, actor: memberActor(id) };
}

/** A browser signed in as `user` through the real handshake and HandshakeSessionResource. */
export async function signIn(t: TestApp, user: TestUser): Promise<TestClient> {
  sequence += 1;
  const client = t.client(`10.90.${Math.floor(sequence / 250) % 250}.${sequence % 250}`);
  await client.ensureCsrf();
  const token = await issueToken(t.deps, user.id, 'handshake');
  const session = await client.resource('HandshakeSessionResource', 'create', { token, isRegistration: false });
  if (session.statusCode !== 200) throw new Error(`session failed: ${session.statusCode} ${session.body}`);
  return client;
}

/** A visitor's browser (no session, but a CSRF cookie so its writes reach the services). */
export async function visitorClient(t: TestApp): Promise<TestClient> {
  const client = t.client('10.91.0.1');
  await client.ensureCsrf();
  return client;
}

export async function makeBoard(
  deps: Deps,
  user: TestUser,
  fields: { name?: string; privacy?: 'public' | 'secret'; description?: string } = {},
): Promise<Board> {
  sequence += 1;
  return createBoard(deps, user.actor, { name: fields.name ?? `Board ${sequence}`, privacy: fields.privacy ?? 'public', description: fields.description });
}

export async function makeSection(deps: Deps, user: TestUser, board: Board, title = 'Section'): Promise<BoardSection> {
  return addSection(deps, user.actor, board.id, title);
}

const mediaOfUser = new Map<string, string>();

/** A real processed image of the user's own (one per user, reused: one upload may back many pins). */
export async function makeMedia(deps: Deps, user: TestUser): Promise<string> {
  const known = mediaOfUser.get(user.id);
  if (known) return known;
  const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, user.actor, png, { inline: true });
  mediaOfUser.set(user.id, media.id);
  return media.id;
}

export type ProductFacts = { price: string; availability: string; domain: string; currency?: string };

/**
 * A pin made from a shop's page that declared a product, as a pin from a URL keeps the page's
 * data; showing `picture`, else the user's test picture.
 */
export async function makeProductPin(deps: Deps, user: TestUser, board: Board, title: string, product: ProductFacts, picture?: Buffer): Promise<Pin> {
  const url = `https://${product.domain}/p/${encodeURIComponent(title)}`;
  const page = {
    url,
    canonical_url: url,
    domain: product.domain,
    title,
    description: '',
    site_name: null,
    images: [],
    author: null,
    license_url: null,
    embed: null,
    product: { name: title, brand: 'Acme', price: product.price, currency: product.currency ?? 'USD', availability: product.availability },
    recipe: null,
    article: null,
  };
  const mediaId = picture ? (await ingestImage(deps, user.actor, picture, { inline: true })).id : await makeMedia(deps, user);
  const fields = { board_id: board.id, section_id: null, media_id: mediaId, title, link: url };
  return (await createPin(deps, user.actor, fields, (trx, made) => recordPinSource(trx, made.id, page, url, `${url}.jpg`))).pin;
}

export async function makePin(
  deps: Deps,
  user: TestUser,
  board: Board,
  fields: { title?: string; section?: BoardSection; link?: string } = {},
): Promise<{ pin: Pin; save: BoardPin }> {
  sequence += 1;
  return createPin(deps, user.actor, {
    board_id: board.id,
    section_id: fields.section?.id ?? null,
    media_id: await makeMedia(deps, user),
    title: fields.title ?? `Pin ${sequence}`,
    link: fields.link,
  });
}

/** The stored counters of a user's profile (zeros before anything happened to them). */
export async function profileCounts(deps: Deps, userId: string) {
  const row = await deps.db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return {
    pin_count: row?.pin_count ?? 0,
    secret_pin_count: row?.secret_pin_count ?? 0,
    board_count: row?.board_count ?? 0,
    secret_board_count: row?.secret_board_count ?? 0,
    follower_count: row?.follower_count ?? 0,
    following_count: row?.following_count ?? 0,
  };
}

export async function boardRow(deps: Deps, boardId: string): Promise<Board> {
  return deps.db.selectFrom('boards').selectAll().where('id', '=', boardId).executeTakeFirstOrThrow();
}

/**
 * Every stored counter compared with a recount from the rows themselves; answers the ones that
 * differ (empty when the services kept them exact). Tests call it after each scenario.
 */
export async function counterDrift(deps: Deps): Promise<string[]> {
  const checks: [string, string][] = [
    ['board pin_count', `select id from boards b where pin_count <> (select count(*) from board_pins p where p.board_id = b.id)`],
    [
      'board sectionless_pin_count',
      `select id from boards b where sectionless_pin_count <> (select count(*) from board_pins p where p.board_id = b.id and p.section_id is null)`,
    ],
    ['board section_count', `select id from boards b where section_count <> (select count(*) from board_sections s where s.board_id = b.id)`],
    ['board follower_count', `select id from boards b where follower_count <> (select count(*) from board_follows f where f.board_id = b.id)`],
    [
      'board collaborator_count',
      `select id from boards b where collaborator_count <> (select count(*) from board_collaborators c where c.board_id = b.id and c.status = 'accepted')`,
    ],
    ['section pin_count', `select id from board_sections s where pin_count <> (select count(*) from board_pins p where p.section_id = s.id)`],
    [
      'pin save_count (public saves)',
      `select id from pins where save_count <> (select count(*) from board_pins p join boards b on b.id = p.board_id where p.pin_id = pins.id and b.privacy = 'public')`,
    ],
    ['live pin without saves', `select id from pins where deleted_at is null and not exists (select 1 from board_pins p where p.pin_id = pins.id)`],
    [
      'profile pin_count',
      `select user_id as id from user_profiles u where pin_count <> (select count(*) from board_pins p join boards b on b.id = p.board_id where b.owner_id = u.user_id)`,
    ],
    [
      'profile secret_pin_count',
      `select user_id as id from user_profiles u where secret_pin_count <> (select count(*) from board_pins p join boards b on b.id = p.board_id where b.owner_id = u.user_id and b.privacy = 'secret')`,
    ],
    ['profile board_count', `select user_id as id from user_profiles u where board_count <> (select count(*) from boards b where b.owner_id = u.user_id)`],
    [
      'profile secret_board_count',
      `select user_id as id from user_profiles u where secret_board_count <> (select count(*) from boards b where b.owner_id = u.user_id and b.privacy = 'secret')`,
    ],
    [
      'profile follower_count',
      `select user_id as id from user_profiles u where follower_count <> (select count(*) from user_follows f where f.followee_id = u.user_id)`,
    ],
    [
      'profile following_count',
      `select user_id as id from user_profiles u where following_count <> (select count(*) from user_follows f where f.follower_id = u.user_id)`,
    ],
    ['interest follower_count', `select id from interests i where follower_count <> (select count(*) from interest_follows f where f.interest_id = i.id)`],
    ['owned board without a profile row', `select b.id from boards b where not exists (select 1 from user_profiles u where u.user_id = b.owner_id)`],
    [
      'pin reaction_count',
      `select c.pin_id as id from pin_reaction_counts c where reaction_count <= 0 or reaction_count <> (select count(*) from pin_reactions r where r.pin_id = c.pin_id and r.reaction_type = c.reaction_type)`,
    ],
    [
      'reactions without a count',
      `select distinct r.pin_id as id from pin_reactions r where not exists (select 1 from pin_reaction_counts c where c.pin_id = r.pin_id and c.reaction_type = r.reaction_type)`,
    ],
    [
      'pin did_it counts',
      `select c.pin_id as id from pin_did_it_counts c where user_count <= 0
         or user_count <> (select count(*) from did_its d where d.pin_id = c.pin_id and d.removed = 0)
         or images_count <> (select count(*) from did_its d where d.pin_id = c.pin_id and d.removed = 0 and d.media_id is not null)`,
    ],
    [
      'tried-its without a count',
      `select distinct d.pin_id as id from did_its d where d.removed = 0 and not exists (select 1 from pin_did_it_counts c where c.pin_id = d.pin_id)`,
    ],
    ['did_it like_count', `select id from did_its d where like_count <> (select count(*) from did_it_reactions r where r.did_it_id = d.id)`],
    ['did_it helpful_count', `select id from did_its d where helpful_count <> (select count(*) from did_it_helpful h where h.did_it_id = d.id)`],
    [
      'comment reply_count',
      `select id from comments c where c.parent_id is null and reply_count <> (select count(*) from comments r where r.parent_id = c.id and r.hidden = 0)`,
    ],
    ['comment like_count', `select id from comments c where like_count <> (select count(*) from comment_reactions r where r.comment_id = c.id)`],
    ['comment helpful_count', `select id from comments c where helpful_count <> (select count(*) from comment_helpful h where h.comment_id = c.id)`],
    [
      'pin comment_count',
      `select id from pins p where comment_count <> (select count(*) from comments c where c.pin_id = p.id and c.did_it_id is null and c.hidden = 0 and (c.parent_id is null or exists (select 1 from comments t where t.id = c.parent_id and t.hidden = 0)))`,
    ],
    [
      'did_it comment_count',
      `select id from did_its d where comment_count <> (select count(*) from comments c where c.did_it_id = d.id and c.hidden = 0 and (c.parent_id is null or exists (select 1 from comments t where t.id = c.parent_id and t.hidden = 0)))`,
    ],
    ['comment hidden state', `select id from comments c where hidden <> case when owner_hidden = 1 or removed = 1 then 1 else 0 end`],
    [
      'comment counts below 0',
      `select id from comments c where reply_count < 0 union all select id from pins where comment_count < 0 union all select id from did_its where comment_count < 0`,
    ],
  ];
  const drift: string[] = [];
  for (const [name, query] of checks) {
    const { rows } = await sql.raw<{ id: string }>(query).execute(deps.db);
    for (const row of rows) drift.push(`${name}: ${row.id}`);
  }
  return drift;
}

/**
 * A test app on `kind` for the tests of one describe block (or file), handed to `use` once
 * started; every stored counter must still equal a recount of its rows after each test, or,
 * for suites whose tests build on each other, once at the end.
 */
export function withCountedTestApp(
  kind: DatabaseKind,
  use: (app: TestApp) => void,
  checkCounters: 'after each test' | 'at the end' = 'after each test',
  env: Record<string, string> = {},
): void {
  let app: TestApp | undefined;
  const expectNoDrift = async () => {
    if (app) expect(await counterDrift(app.deps)).toEqual([]);
  };
  beforeAll(async () => {
    app = await startTestApp(kind, { worker: false, env });
    use(app);
  });
  if (checkCounters === 'after each test') afterEach(expectNoDrift);
  afterAll(async () => {
    if (checkCounters === 'at the end') await expectNoDrift();
    await app?.close();
  });
}
