import { recipientsWhoSee } from '../access/recipients.repo.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { GROUP_WINDOW_MS, isOpenGroup, KIND_OF_TYPE } from '../../shared/notifications.ts';
import type { Notice } from './notices.ts';
import { groupsWithActor, growGroups, inAppOff, insertNotificationActors, insertNotifications, openGroups, mentionsOff } from './notifications.repo.ts';
import { userExists } from './subjects.repo.ts';
import { oweDeliveries } from './owed.ts';

/**
 * Writes one notice for every candidate who may have it (docs/decisions/0050-notifications.md):
 * the visibility rules of src/server/access, the member's own switches, then grouping. A fixed
 * number of statements per thousand recipients, so one event fanned out to a board's ten
 * thousand followers is a few batched statements, not ten thousand round trips. Answers who got it.
 */
export async function fanOut(db: Db, notice: Notice, skip: ReadonlySet<string>, now: number, mailDelayMs: number): Promise<string[]> {
  const candidates = notice.candidates.filter((id) => !skip.has(id));
  if (candidates.length === 0 || !(await userExists(db, notice.actorId))) return [];
  const subject = notice.subjectChecked ? { pinId: notice.pinId, boardId: notice.boardId } : { pinId: null, boardId: null };
  const seeing = await recipientsWhoSee(db, candidates, notice.actorId, subject);
  const off = await inAppOff(db, seeing, KIND_OF_TYPE[notice.type]);
  const muted = notice.type === 'mention' ? await mentionsOff(db, seeing) : new Set<string>();
  const recipients = seeing.filter((id) => !off.has(id) && !muted.has(id));
  if (recipients.length > 0) await oweDeliveries(db, await group(db, notice, recipients, now), KIND_OF_TYPE[notice.type], now, mailDelayMs);
  return recipients;
}

/** Joins each recipient's open group of the same key, or begins one; answers each recipient's group. */
async function group(db: Db, notice: Notice, recipients: readonly string[], now: number): Promise<Map<string, string>> {
  const latest = await openGroups(db, recipients, notice.groupKey, now - GROUP_WINDOW_MS);
  const open = recipients.flatMap((id) => {
    const row = latest.get(id);
    return row && isOpenGroup(row, now) ? [row.id] : [];
  });
  const withActor = await groupsWithActor(db, open, notice.actorId);
  const joining = open.filter((id) => !withActor.has(id));
  await growGroups(db, joining, notice.actorId, true, now);
  await growGroups(db, [...withActor], notice.actorId, false, now);
  const fresh = recipients.filter((id) => {
    const row = latest.get(id);
    return !(row && isOpenGroup(row, now));
  });
  const rows = fresh.map((recipient_id) => ({
    id: newId(),
    recipient_id,
    type: notice.type,
    group_key: notice.groupKey,
    pin_id: notice.pinId,
    board_id: notice.boardId,
    comment_id: notice.commentId,
    latest_actor_id: notice.actorId,
    actor_count: 1,
    event_count: 1,
    created_at: now,
    updated_at: now,
    seen_at: null,
  }));
  await insertNotifications(db, rows);
  await insertNotificationActors(db, [
    ...joining.map((notification_id) => ({ notification_id, actor_id: notice.actorId, created_at: now })),
    ...rows.map((r) => ({ notification_id: r.id, actor_id: notice.actorId, created_at: now })),
  ]);
  const groups = new Map(rows.map((r) => [r.recipient_id, r.id]));
  for (const id of recipients) {
    const row = latest.get(id);
    if (row && !groups.has(id)) groups.set(id, row.id);
  }
  return groups;
}
