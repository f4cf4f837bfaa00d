import type { NotificationJson } from '../../shared/contracts/notifications.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { SHOWN_ACTORS, type NotificationType } from '../../shared/notifications.ts';
import type { Actor } from '../access/actor.ts';
import { readerOf, requireSession, type Reader } from '../access/authorized.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import type { NotificationRow } from '../db/schema/notifications.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { loadUserCards } from '../users/user-cards.ts';
import { boardsInvitedTo, unblockedPeople, visibleBoardLinks, visiblePinTitles } from './hub.repo.ts';
import { recordBadges } from './notifications.subscriber.ts';
import { actorsOf, markSeen, notificationPage, unseenCounts } from './notifications.repo.ts';

const PAGE_SIZE = 20;

/** NewsHubResource get: a page of the caller's notifications as they may see them now. */
export async function newsHubPage(deps: Deps, actor: Actor, bookmark: string | undefined): Promise<{ items: NotificationJson[]; bookmark: string }> {
  const member = requireSession(actor);
  const cursor = decodeBookmark(bookmark);
  if (cursor === 'end') return { items: [], bookmark: FEED_END };
  const rows = await notificationPage(deps.db, member.userId, PAGE_SIZE + 1, cursor ? { at: Number(cursor.key), id: cursor.id } : undefined);
  const page = pageOf(rows, PAGE_SIZE, (r) => ({ key: r.updated_at, id: r.id }));
  return { items: await present(deps, readerOf(actor), member.userId, page.items), bookmark: page.bookmark };
}

/** Notifications as `reader` may see them now (the news hub page, and the push and mail of decision 0053). */
export async function present(deps: Deps, reader: Reader, userId: string, rows: readonly NotificationRow[]): Promise<NotificationJson[]> {
  const actors = await actorsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const allActors = [...new Set([...actors.values()].flat())];
  const open = await unblockedPeople(deps.db, reader, allActors);
  const pinIds = uniq(rows.map((r) => r.pin_id));
  const boardIds = uniq(rows.map((r) => r.board_id));
  const [titles, boards, invited] = await Promise.all([
    visiblePinTitles(deps.db, reader, pinIds),
    visibleBoardLinks(deps.db, reader, boardIds),
    boardsInvitedTo(deps.db, userId, boardIds),
  ]);
  const shown = new Map(rows.map((r) => [r.id, (actors.get(r.id) ?? []).filter((id) => open.has(id)).slice(0, SHOWN_ACTORS)]));
  const cards = await loadUserCards(deps, reader, [...shown.values()].flat());
  return rows.flatMap((row) => {
    const people = (shown.get(row.id) ?? []).flatMap((id) => cards.get(id) ?? []);
    const board = row.board_id === null ? null : (boards.get(row.board_id) ?? (isInvitation(row.type) ? invited.get(row.board_id) : undefined));
    const title = row.pin_id === null ? null : titles.get(row.pin_id);
    // Gone from the member's sight since (blocked, made secret, deleted): the notification is too.
    if (people.length === 0 || board === undefined || title === undefined) return [];
    const pin = row.pin_id === null || title === null ? null : { id: row.pin_id, title };
    const blockedCount = (actors.get(row.id) ?? []).filter((id) => !open.has(id)).length;
    return [
      {
        id: row.id,
        type: row.type as NotificationType,
        actors: people,
        actor_count: Math.max(people.length, row.actor_count - blockedCount),
        pin,
        board: board === null ? null : { id: row.board_id ?? '', ...board },
        comment_id: row.comment_id,
        url: urlOf(row.type as NotificationType, pin, board, people[0]),
        updated_at: row.updated_at,
        seen: row.seen_at !== null,
      },
    ];
  });
}

const isInvitation = (type: string) => type === 'board_invite' || type === 'ownership_offer';

function urlOf(type: NotificationType, pin: { id: string } | null, board: { url: string } | null, first: UserCard | undefined): string {
  if (pin) return `/pin/${pin.id}/`;
  if (board) return board.url;
  if (type === 'follow_request') return '/settings/privacy';
  return first?.profile_url ?? '/';
}

function uniq(ids: readonly (string | null)[]): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/** NewsHubResource update: marks the named notifications (or all) seen; the badge follows in the same commit. */
export async function markNewsSeen(deps: Deps, actor: Actor, ids: readonly string[] | undefined): Promise<{ news_hub_unseen_count: number }> {
  const member = requireSession(actor);
  await transact(deps.db, async (trx) => {
    if ((await markSeen(trx, member.userId, ids, Date.now())) > 0) await recordBadges(deps, trx, [member.userId]);
  });
  return newsHubBadge(deps, actor);
}

/** NewsHubBadgeResource get: the bell's count. */
export async function newsHubBadge(deps: Deps, actor: Actor): Promise<{ news_hub_unseen_count: number }> {
  const member = requireSession(actor);
  return { news_hub_unseen_count: (await unseenCounts(deps.db, [member.userId])).get(member.userId) ?? 0 };
}
