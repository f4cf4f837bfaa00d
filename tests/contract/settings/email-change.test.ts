import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_TTL_MS } from '../../../src/server/auth/email-change.service.ts';
import { hashSecret } from '../../../src/server/common/secrets.ts';
import type { Viewer } from '../../../src/shared/viewer.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

const CHANGE = '/v3/users/me/email/';
const CONFIRM = '/v3/users/me/email/confirm/';
const CONFIRM_SUBJECT = 'Confirm your new Corkboard email';
const NOTICE_SUBJECT = 'Your Corkboard email was changed';
const PASSWORD = 'correct horse battery';

const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

describe.each(databaseKinds)('email change on %s', (kind) => {
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    return () => t.close();
  });

  async function member(email: string): Promise<TestClient> {
    address += 1;
    const client = t.client(`10.70.0.${address}`);
    await client.signUp(email, PASSWORD);
    return client;
  }

  const emailOf = async (client: TestClient) => (await client.get('/v3/users/me/')).json<{ data: Viewer }>().data.email;

  async function mailWithSubject(to: string, subject: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = t.readOutbox().find((m) => m.to === to && m.subject === subject);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The token of the newest confirmation mail to `to`, once `count` of them arrived. */
  async function mailedToken(to: string, count = 1): Promise<string> {
    const mails = (await t.waitForMail(to, count)).filter((m) => m.subject === CONFIRM_SUBJECT);
    const link = /https?:\/\/\S+\/settings\/edit\/email\/\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? '');
    if (!link?.[1]) throw new Error('no confirmation link in the mail');
    return link[1];
  }

  it('mails a link to the new address; the email changes only when it is followed, and the old address is told', async () => {
    const browser = await member('before@example.com');
    const asked = await browser.post(CHANGE, { new_email: 'After@Example.com', password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'success', data: { pending_email: 'after@example.com' } });
    const token = await mailedToken('after@example.com');
    expect(await emailOf(browser)).toBe('before@example.com');

    const row = await t.deps.db.selectFrom('email_changes').selectAll().where('token_hash', '=', hashSecret(token)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ new_email: 'after@example.com', old_email: 'before@example.com', used_at: null });
    expect(row.expires_at - row.created_at).toBe(EMAIL_CHANGE_TTL_MS);

    // Another browser, signed out: the link itself is the proof.
    const elsewhere = t.client('10.70.1.1');
    await elsewhere.ensureCsrf();
    const confirmed = await elsewhere.post(CONFIRM, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ data: { email: 'after@example.com' } });
    expect(await emailOf(browser)).toBe('after@example.com');
    const notice = await mailWithSubject('before@example.com', NOTICE_SUBJECT);
    expect(notice.text).toContain('The email of your Corkboard account is now after@example.com');

    const again = await elsewhere.post(CONFIRM, { token });
    expect(again.statusCode).toBe(401);
    expect(messageOf(again)).toBe('This link is invalid or has expired.');
    await t.client('10.70.1.2').logIn('after@example.com', PASSWORD);
    const user = await t.deps.db.selectFrom('users').select('id').where('email', '=', 'after@example.com').executeTakeFirstOrThrow();
    const events = await t.deps.db.selectFrom('domain_events').select('type').where('actor_id', '=', user.id).execute();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['account.email_change_requested', 'account.email_changed']));
  });

  it('refuses a wrong password, a bad, the same or a taken address, changing nothing and mailing nothing', async () => {
    await member('owner-of@example.com');
    const browser = await member('refused@example.com');
    const cases: [Record<string, string>, number][] = [
      [{ new_email: 'fresh1@example.com', password: 'not my password' }, 401],
      [{ new_email: 'not an email', password: PASSWORD }, 400],
      [{ new_email: 'fresh2@example.com' }, 400],
      [{ password: PASSWORD }, 400],
      [{ new_email: 'refused@example.com', password: PASSWORD }, 400],
      [{ new_email: 'owner-of@example.com', password: PASSWORD }, 409],
    ];
    for (const [body, status] of cases) {
      const response = await browser.post(CHANGE, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(messageOf(response)).not.toBe('');
    }
    expect(await emailOf(browser)).toBe('refused@example.com');
    const user = await t.deps.db.selectFrom('users').select('id').where('email', '=', 'refused@example.com').executeTakeFirstOrThrow();
    expect(await t.deps.db.selectFrom('email_changes').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    for (const to of ['fresh1@example.com', 'fresh2@example.com']) expect(t.readOutbox().filter((m) => m.to === to)).toEqual([]);
    const badConfirm = await browser.post(CONFIRM, {});
    expect(badConfirm.statusCode).toBe(400);
  });

  it('a signed-out browser cannot ask; only the newest link works; an expired link does nothing', async () => {
    const visitor = t.client('10.70.2.1');
    await visitor.ensureCsrf();
    expect((await visitor.post(CHANGE, { new_email: 'x@example.com', password: PASSWORD })).statusCode).toBe(401);

    const browser = await member('twice@example.com');
    expect((await browser.post(CHANGE, { new_email: 'first@example.com', password: PASSWORD })).statusCode).toBe(200);
    const first = await mailedToken('first@example.com');
    expect((await browser.post(CHANGE, { new_email: 'second@example.com', password: PASSWORD })).statusCode).toBe(200);
    const second = await mailedToken('second@example.com');
    expect((await visitor.post(CONFIRM, { token: first })).statusCode).toBe(401);

    await t.deps.db
      .updateTable('email_changes')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashSecret(second))
      .execute();
    expect((await visitor.post(CONFIRM, { token: second })).statusCode).toBe(401);
    expect(await emailOf(browser)).toBe('twice@example.com');
  });

  it('a link whose address another account took meanwhile changes nothing', async () => {
    const browser = await member('racer@example.com');
    expect((await browser.post(CHANGE, { new_email: 'contested@example.com', password: PASSWORD })).statusCode).toBe(200);
    const token = await mailedToken('contested@example.com');
    await member('contested@example.com');
    const response = await browser.post(CONFIRM, { token });
    expect(response.statusCode).toBe(409);
    expect(await emailOf(browser)).toBe('racer@example.com');
  });
});
