import type { Deps } from '../../../src/server/deps.ts';

/**
 * The demo world as stored, in terms that do not depend on ids or clocks: usernames, board
 * names, pin titles in creation order, picture signatures (a hash of every pixel), and the save,
 * like and follow graph, the comments and tried-its. Two runs with the same seed must give equal snapshots.
 */
export async function worldSnapshot(deps: Deps) {
  const { db } = deps;
  const users = await db.selectFrom('users').select(['id', 'username', 'email', 'first_name', 'last_name']).orderBy('username').execute();
  const userName = new Map(users.map((u) => [u.id, u.username]));
  const who = (id: string | null) => (id === null ? '-' : (userName.get(id) ?? `?${id}`));
  const profiles = await db
    .selectFrom('user_profiles')
    .leftJoin('media', 'media.id', 'user_profiles.image_media_id')
    .select(['user_profiles.user_id', 'user_profiles.about', 'user_profiles.website_url', 'media.signature'])
    .execute();
  const boards = await db.selectFrom('boards').select(['id', 'owner_id', 'name', 'description', 'privacy']).orderBy('id').execute();
  const boardName = new Map(boards.map((b) => [b.id, `${who(b.owner_id)}/${b.name}`]));
  const board = (id: string) => boardName.get(id) ?? `?${id}`;
  const sections = await db.selectFrom('board_sections').select(['id', 'board_id', 'title']).orderBy('id').execute();
  const sectionName = new Map(sections.map((s) => [s.id, s.title]));
  const pins = await db
    .selectFrom('pins')
    .innerJoin('media', 'media.id', 'pins.media_id')
    .select(['pins.id', 'pins.title', 'pins.description', 'pins.link', 'pins.kind', 'pins.creator_id', 'media.signature', 'media.width', 'media.height'])
    .orderBy('pins.id')
    .execute();
  const pinName = new Map(pins.map((p, i) => [p.id, `${i}:${p.title}`]));
  const saves = await db.selectFrom('board_pins').select(['pin_id', 'board_id', 'section_id', 'saved_by']).execute();
  const pages = await db.selectFrom('pin_sources').select(['pin_id', 'source_url', 'rich_metadata']).execute();
  const reactions = await db.selectFrom('pin_reactions').select(['pin_id', 'user_id', 'reaction_type']).execute();
  const collaborators = await db.selectFrom('board_collaborators').select(['board_id', 'user_id', 'status']).execute();
  const userFollows = await db.selectFrom('user_follows').select(['follower_id', 'followee_id']).execute();
  const boardFollows = await db.selectFrom('board_follows').select(['user_id', 'board_id']).execute();
  const topicFollows = await db
    .selectFrom('interest_follows')
    .innerJoin('interests', 'interests.id', 'interest_follows.interest_id')
    .select(['user_id', 'slug'])
    .execute();
  const comments = await db.selectFrom('comments').select(['id', 'pin_id', 'parent_id', 'user_id', 'text']).execute();
  const commentText = new Map(comments.map((c) => [c.id, c.text]));
  const triedIts = await db
    .selectFrom('did_its')
    .leftJoin('media', 'media.id', 'did_its.media_id')
    .select(['did_its.pin_id', 'did_its.user_id', 'did_its.details', 'media.signature'])
    .execute();
  const sorted = (list: string[]) => [...list].sort();
  return {
    users: users.map((u) => `${u.username} ${u.email} ${u.first_name} ${u.last_name}`),
    profiles: sorted(profiles.map((p) => `${who(p.user_id)} ${p.about} ${p.website_url ?? '-'} ${p.signature ?? '-'}`)),
    boards: sorted(boards.map((b) => `${board(b.id)} ${b.privacy} ${b.description}`)),
    sections: sorted(sections.map((s) => `${board(s.board_id)}: ${s.title}`)),
    pins: pins.map((p) => `${who(p.creator_id)} ${p.kind} ${p.title} | ${p.description} | ${p.link ?? '-'} ${p.width}x${p.height} ${p.signature}`),
    pages: sorted(pages.map((p) => `${pinName.get(p.pin_id)} ${p.source_url} ${p.rich_metadata ?? '-'}`)),
    saves: sorted(
      saves.map((s) => `${who(s.saved_by)} ${pinName.get(s.pin_id)} -> ${board(s.board_id)} ${s.section_id ? sectionName.get(s.section_id) : '-'}`),
    ),
    reactions: sorted(reactions.map((r) => `${who(r.user_id)} ${r.reaction_type} ${pinName.get(r.pin_id)}`)),
    collaborators: sorted(collaborators.map((c) => `${who(c.user_id)} ${c.status} ${board(c.board_id)}`)),
    userFollows: sorted(userFollows.map((f) => `${who(f.follower_id)} -> ${who(f.followee_id)}`)),
    boardFollows: sorted(boardFollows.map((f) => `${who(f.user_id)} -> ${board(f.board_id)}`)),
    topicFollows: sorted(topicFollows.map((f) => `${who(f.user_id)} -> ${f.slug}`)),
    comments: sorted(
      comments.map((c) => `${who(c.user_id)} on ${pinName.get(c.pin_id)}${c.parent_id ? ` replying to "${commentText.get(c.parent_id)}"` : ''}: ${c.text}`),
    ),
    triedIts: sorted(triedIts.map((d) => `${who(d.user_id)} tried ${pinName.get(d.pin_id)}: ${d.details} ${d.signature ?? '-'}`)),
  };
}

/** Rows per table, to show that something did or did not change. */
export async function tableCounts(deps: Deps): Promise<Record<string, number>> {
  const tables = [
    'users',
    'media',
    'boards',
    'board_sections',
    'board_collaborators',
    'pins',
    'board_pins',
    'pin_sources',
    'pin_reactions',
    'user_follows',
    'board_follows',
    'interests',
    'interest_follows',
    'comments',
    'did_its',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
