import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailDueNews } from '../../../src/server/notifications/mail.job.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { getNotificationSettings, updateNotificationSettings } from '../../../src/server/users/notification-settings.service.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { parseEml } from '../../support/eml.ts';
import { makeBoard, makePin, makeUser, signIn, type TestUser } from '../../support/factories.ts';
import { settle } from '../../support/settle.ts';
import { ok } from '../boards/helpers.ts';

/*
 * News by email (docs/decisions/0053-push-and-email.md): mailed only if still unseen once the delay
 * is over, at most one digest per period holding everything owed, never with the email switch off;
 * each mail carries a signed one-click unsubscribe link (and List-Unsubscribe headers) that works
 * without sign-in, while a forged or altered token changes nothing.
 */

const MINUTE = 60_000;

describe.each(databaseKinds)('news by email on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { NEWS_MAIL_DELAY_MINUTES: '15', NEWS_DIGEST_PERIOD_MINUTES: '60' } });
    return () => t.close();
  });

  const mailsTo = (user: TestUser) => t.readOutbox().filter((m) => m.to === `${user.username}@example.com`);
  const headersOf = (file: string) => {
    if (t.config.mail.kind !== 'outbox') throw new Error('outbox expected');
    return parseEml(fs.readFileSync(path.join(t.config.mail.dir, file), 'utf8')).headers;
  };
  async function followed(user: TestUser, by: string) {
    await followUser(t.deps, (await makeUser(t.deps, by, { first_name: by })).actor, user.id);
    await settle(t.deps);
  }

  it('mails nothing before the delay, nothing for news seen in time, and one mail for news left unseen', async () => {
    const seer = await makeUser(t.deps, 'seer');
    await followed(seer, 'early');
    const start = Date.now();
    await mailDueNews(t.deps, start + 5 * MINUTE);
    expect(mailsTo(seer)).toEqual([]);
    ok(await (await signIn(t, seer)).resource('NewsHubResource', 'update', {}));
    await mailDueNews(t.deps, start + 16 * MINUTE);
    expect(mailsTo(seer)).toEqual([]);

    const away = await makeUser(t.deps, 'away');
    await followed(away, 'Ana');
    await mailDueNews(t.deps, Date.now() + 16 * MINUTE);
    const [mail, ...more] = mailsTo(away);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Corkboard: Ana Test started following you');
    expect(mail?.text).toContain('Ana Test started following you');
    await mailDueNews(t.deps, Date.now() + 17 * MINUTE);
    expect(mailsTo(away)).toHaveLength(1);
  });

  it('groups what is owed into one digest, and mails at most one digest per period', async () => {
    const owner = await makeUser(t.deps, 'digested');
    const board = await makeBoard(t.deps, owner);
    const { pin } = await makePin(t.deps, owner, board, { title: 'Brass lamp' });
    await followed(owner, 'Ben');
    const saver = await makeUser(t.deps, 'Cy', { first_name: 'Cy' });
    await savePin(t.deps, saver.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, saver)).id });
    await settle(t.deps);
    const first = Date.now() + 16 * MINUTE;
    await mailDueNews(t.deps, first);
    const [digest] = mailsTo(owner);
    expect(mailsTo(owner)).toHaveLength(1);
    expect(digest?.subject).toBe('Corkboard: 2 updates for you');
    expect(digest?.text).toContain('Ben Test started following you');
    expect(digest?.text).toContain('Cy Test saved your Pin “Brass lamp”');

    await followed(owner, 'Di');
    await mailDueNews(t.deps, first + 30 * MINUTE);
    expect(mailsTo(owner)).toHaveLength(1);
    await mailDueNews(t.deps, first + 61 * MINUTE);
    const mails = mailsTo(owner);
    expect(mails).toHaveLength(2);
    // Di joined the follow group still unseen; the save, mailed already, is not mailed again.
    expect(mails[1]?.text).toContain('Di Test and Ben Test started following you');
    expect(mails[1]?.text).not.toContain('Brass lamp');
  });

  it('mails nothing of a kind whose email switch is off', async () => {
    const quiet = await makeUser(t.deps, 'quiet');
    await updateNotificationSettings(t.deps, quiet.actor, { new_followers: { email: false } });
    await followed(quiet, 'Ed');
    await mailDueNews(t.deps, Date.now() + 16 * MINUTE);
    expect(mailsTo(quiet)).toEqual([]);
    expect(await t.deps.db.selectFrom('notification_deliveries').select('id').where('recipient_id', '=', quiet.id).execute()).toEqual([]);
  });

  it('unsubscribes in one click without sign-in; a forged, altered or missing token changes nothing', async () => {
    const reader = await makeUser(t.deps, 'unsub');
    await followed(reader, 'Fay');
    await mailDueNews(t.deps, Date.now() + 16 * MINUTE);
    const [mail] = mailsTo(reader);
    if (!mail) throw new Error('no mail');
    const headers = headersOf(mail.file);
    const link = /^<(.+)>$/.exec(headers.get('list-unsubscribe') ?? '')?.[1];
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    if (!link) throw new Error('no List-Unsubscribe link');
    expect(mail.text).toContain(link);
    const url = new URL(link);
    const token = url.searchParams.get('token') ?? '';
    const emailOn = async () => Object.values(await getNotificationSettings(t.deps, reader.actor)).map((s) => s.email);

    const other = await makeUser(t.deps, 'unsubother');
    const forged = `${other.id}.${token.split('.')[1] ?? ''}`;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [forged, altered, 'nonsense', `${reader.id}.`, `${token}.x`]) {
      const answer = await t.app.inject({ method: 'GET', url: `${url.pathname}?token=${encodeURIComponent(bad)}` });
      expect(answer.statusCode, bad).toBe(401);
      expect(answer.json<{ message: string }>().message).toContain('invalid');
    }
    const missing = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(missing.statusCode).toBe(400);
    const noBody = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.body).toContain('List-Unsubscribe');
    expect(await emailOn()).not.toContain(false);
    expect(Object.values(await getNotificationSettings(t.deps, other.actor)).map((s) => s.email)).not.toContain(false);

    // The mail client's one-click POST (RFC 8058): no cookie, no CSRF token.
    const posted = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await emailOn()).toEqual(Object.values(await getNotificationSettings(t.deps, reader.actor)).map(() => false));
    const clicked = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json<{ data: { email_news: boolean } }>().data.email_news).toBe(false);

    await followed(reader, 'Gus');
    await mailDueNews(t.deps, Date.now() + 16 * MINUTE);
    expect(mailsTo(reader)).toHaveLength(1);
  });

  it('writes a digest interrupted after its mail went out once only through the outbox', async () => {
    const owner = await makeUser(t.deps, 'resent');
    await followed(owner, 'Hal');
    const at = Date.now() + 16 * MINUTE;
    await mailDueNews(t.deps, at);
    expect(mailsTo(owner)).toHaveLength(1);
    // As if the process died between the mailer's write and the digest's sent mark.
    await t.deps.db.updateTable('notification_digests').set({ sent_at: null }).where('recipient_id', '=', owner.id).execute();
    await mailDueNews(t.deps, at + MINUTE);
    expect(mailsTo(owner)).toHaveLength(1);
  });
});
