import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../src/shared/contracts/account-security.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

type Body<T> = { resource_response: { data: T; error: { message: string } | null } };
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe.each(databaseKinds)('signed-in sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  const list = async (client: TestClient) => {
    const answer = await client.getResource('AccountSessionResource');
    expect(answer.statusCode).toBe(200);
    return answer.json<Body<SessionSummary[]>>().resource_response.data;
  };
  const sessionRows = () => t.deps.db.selectFrom('sessions').select('id_hash').orderBy('id_hash').execute();

  /** One account signed in on a computer and on a phone. */
  async function twoBrowsers(email: string, address: string) {
    const computer = t.client(address);
    await computer.signUp(email);
    const phone = t.client(address);
    await phone.ensureCsrf();
    const handshake = await phone.post('/v3/login/handshake/', { username_or_email: email, password: 'correct horse battery' });
    const token = handshake.json<{ data: string }>().data;
    await phone.request({
      method: 'POST',
      url: '/resource/HandshakeSessionResource/create/',
      payload: new URLSearchParams({ data: JSON.stringify({ options: { token }, context: {} }) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': PHONE },
    });
    return { computer, phone };
  }

  it('lists the member’s sessions with browser and device, this one marked, never a secret', async () => {
    const { computer, phone } = await twoBrowsers('sessions-list@example.com', '10.19.1.1');
    const seen = await list(phone);
    expect(seen).toHaveLength(2);
    expect(seen.filter((s) => s.current)).toEqual([expect.objectContaining({ browser: 'Safari', device: 'iPhone' })]);
    const stored = (await sessionRows()).map((r) => r.id_hash);
    const text = JSON.stringify(seen);
    for (const hash of stored) expect(text).not.toContain(hash);
    expect((await list(computer)).filter((s) => s.current)).toHaveLength(1);
  });

  it('signs one browser out, which then is a visitor', async () => {
    const { computer, phone } = await twoBrowsers('sessions-one@example.com', '10.19.1.2');
    const phoneSession = (await list(computer)).find((s) => !s.current);
    expect((await computer.resource('AccountSessionResource', 'delete', { id: phoneSession?.id })).statusCode).toBe(200);
    expect((await phone.getResource('AccountSessionResource')).statusCode).toBe(401);
    expect(await list(computer)).toHaveLength(1);
    // Already ended: not found, and nothing else changes.
    expect((await computer.resource('AccountSessionResource', 'delete', { id: phoneSession?.id })).statusCode).toBe(404);
  });

  it('signs every other browser out and keeps this one', async () => {
    const { computer, phone } = await twoBrowsers('sessions-others@example.com', '10.19.1.3');
    const third = t.client('10.19.1.3');
    await third.logIn('sessions-others@example.com');
    expect(await list(computer)).toHaveLength(3);
    expect((await computer.resource('AccountSessionResource', 'delete', { others: true })).statusCode).toBe(200);
    expect(await list(computer)).toEqual([expect.objectContaining({ current: true })]);
    expect((await phone.getResource('AccountSessionResource')).statusCode).toBe(401);
    expect((await third.getResource('AccountSessionResource')).statusCode).toBe(401);
  });

  it('another member can neither see nor end my sessions: their ids are not found', async () => {
    const { computer } = await twoBrowsers('sessions-mine@example.com', '10.19.1.4');
    const stranger = t.client('10.19.1.5');
    await stranger.signUp('sessions-stranger@example.com');
    const mine = await list(computer);
    expect((await list(stranger)).map((s) => s.id)).not.toContain(mine[0]?.id);
    const before = await sessionRows();
    for (const session of mine) expect((await stranger.resource('AccountSessionResource', 'delete', { id: session.id })).statusCode).toBe(404);
    expect(await sessionRows()).toEqual(before);
  });

  it('visitors and tokens are refused; bad input is 400 and changes nothing', async () => {
    const visitor = t.client('10.19.1.6');
    await visitor.ensureCsrf();
    expect((await visitor.getResource('AccountSessionResource')).statusCode).toBe(401);
    expect((await visitor.resource('AccountSessionResource', 'delete', { others: true })).statusCode).toBe(401);
    const member = t.client('10.19.1.6');
    await member.signUp('sessions-bad@example.com');
    const pat = (await member.resource('PersonalAccessTokenResource', 'create', { name: 'script' })).json<Body<{ token: string }>>().resource_response.data;
    const byToken = await t
      .client('10.19.1.7')
      .get('/resource/AccountSessionResource/get/?data=%7B%22options%22%3A%7B%7D%7D', { authorization: `Bearer ${pat.token}` });
    expect(byToken.statusCode).toBe(403);
    const before = await sessionRows();
    for (const options of [{}, { id: 'nope' }, { others: false }, { id: 'a'.repeat(32), others: true }, { id: 5 }]) {
      const answer = await member.resource('AccountSessionResource', 'delete', options);
      expect(answer.statusCode, JSON.stringify(options)).toBe(400);
    }
    expect(await sessionRows()).toEqual(before);
  });
});
