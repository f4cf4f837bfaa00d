import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { loadConfig } from '../src/server/config.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { memberActor } from '../tests/support/factories.ts';
import type { Db } from '../src/server/db/database.ts';
import { newId } from '../src/server/db/ids.ts';
import { transact } from '../src/server/db/transaction.ts';
import type { StoredEvent } from '../src/server/events/catalogue.ts';
import { insertNotificationActors, insertNotifications } from '../src/server/notifications/notifications.repo.ts';
import { notificationsSubscriber } from '../src/server/notifications/notifications.subscriber.ts';
import { createLogger, createServer } from '../src/server/server.ts';

/**
 * Notification fan-out (docs/decisions/0050-notifications.md): one pin.created on a board with
 * FOLLOWERS followers, applied by the news hub's cluster subscriber (who may see it, each
 * follower's switches, grouping, the rows, the notifications.changed badges, one transaction),
 * against a batched insert of the same notification rows in one transaction, rounds alternating
 * on one SQLite server with durable commits. Prints rows per second of each and their ratio
 * (target >= 0.5). Asserts nothing. Run alone with `node bench/notifications.ts`.
 */

const FOLLOWERS = 10_000;
const ROUNDS = 7;

async function seedFollowers(db: Db, boardId: string): Promise<void> {
  const now = Date.now();
  const users = Array.from({ length: FOLLOWERS }, (_, i) => {
    const id = newId();
    return {
      id,
      email: `follower${i}x${id}@example.com`,
      username: `f${i}x${id.slice(-8)}`,
      password_hash: null,
      first_name: `Follower ${i}`,
      last_name: 'Bench',
      country: 'US',
      locale: 'en_US',
      gender: null,
      custom_gender: null,
      birthday: null,
      is_partner: 0 as const,
      business_name: null,
      is_employee: 0 as const,
      email_verified_at: now,
      allow_personalization_cookies: 0 as const,
      allow_analytic_cookies: 0 as const,
      allow_marketing_cookies: 0 as const,
      mfa_secret: null,
      signup_source: null,
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < users.length; i += 500) {
    const part = users.slice(i, i + 500);
    await db.insertInto('users').values(part).execute();
    await db
      .insertInto('board_follows')
      .values(part.map((u) => ({ user_id: u.id, board_id: boardId, created_at: now })))
      .execute();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function notificationsBenchmark(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-notifications-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off' });
  const server = await createServer(config, createLogger(config), { works: false });
  try {
    const { deps } = server;
    const { db } = deps;
    const ownerId = await seedOwner(db);
    const owner = memberActor(ownerId);
    const boardId = (await createBoard(deps, owner, { name: 'Lamps', privacy: 'public' })).id;
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#aa8844' } })
      .png()
      .toBuffer();
    const mediaId = (await ingestImage(deps, owner, png, { inline: true })).id;
    await seedFollowers(db, boardId);
    const followers = (await db.selectFrom('board_follows').select('user_id').where('board_id', '=', boardId).execute()).map((r) => r.user_id);
    const subscriber = notificationsSubscriber(deps);
    const fanOutMs: number[] = [];
    const insertMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // The pin's own pin.created goes to no subscriber here: this node does not work the cluster's events.
      const { pin } = await createPin(deps, owner, { board_id: boardId, section_id: null, media_id: mediaId, title: `Lamp ${round}` });
      const pinId = pin.id;
      const event: StoredEvent = { type: 'pin.created', pinId, boardId, position: { tx: 0, id: 0 }, actorId: ownerId, at: Date.now() };
      // Seen groups stay closed: each round writes every follower a new notification (no grouping).
      await db.updateTable('notifications').set({ seen_at: Date.now() }).where('seen_at', 'is', null).execute();
      let started = performance.now();
      await transact(db, (trx) => subscriber.apply(trx, [event]));
      fanOutMs.push(performance.now() - started);
      started = performance.now();
      await transact(db, async (trx) => {
        const at = Date.now();
        const rows = followers.map((recipient_id) => ({
          id: newId(),
          recipient_id,
          type: 'board_activity',
          group_key: `baseline:${pinId}`,
          pin_id: pinId,
          board_id: boardId,
          comment_id: null,
          latest_actor_id: ownerId,
          actor_count: 1,
          event_count: 1,
          created_at: at,
          updated_at: at,
          seen_at: null,
        }));
        await insertNotifications(trx, rows);
        await insertNotificationActors(
          trx,
          rows.map((r) => ({ notification_id: r.id, actor_id: ownerId, created_at: at })),
        );
      });
      insertMs.push(performance.now() - started);
    }
    const written = await db.selectFrom('notifications').select(db.fn.countAll<number>().as('n')).where('type', '=', 'board_activity').executeTakeFirst();
    const perSecond = (ms: number) => (FOLLOWERS / ms) * 1000;
    const fanOut = perSecond(median(fanOutMs));
    const baseline = perSecond(median(insertMs));
    return `Notification fan-out (one pin.created to ${FOLLOWERS} board followers, ${Number(written?.n)} rows written in ${ROUNDS} rounds each): ${fanOut.toFixed(0)} rows/s vs batched insert of the same rows ${baseline.toFixed(0)} rows/s = ratio ${(fanOut / baseline).toFixed(2)} (target >= 0.5)`;
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function seedOwner(db: Db): Promise<string> {
  const id = newId();
  const now = Date.now();
  await db
    .insertInto('users')
    .values({
      id,
      email: `owner${id}@example.com`,
      username: `owner${id.slice(-8)}`,
      password_hash: null,
      first_name: 'Owner',
      last_name: 'Bench',
      country: 'US',
      locale: 'en_US',
      gender: null,
      custom_gender: null,
      birthday: null,
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
    })
    .execute();
  return id;
}

if (import.meta.main) process.stdout.write(`${await notificationsBenchmark()}\n`);
