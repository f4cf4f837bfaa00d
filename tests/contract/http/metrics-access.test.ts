import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

const TOKEN = 'scrape-secret-0123456789';

describe.each(databaseKinds)('who may read /metrics on %s', (kind) => {
  let listed: TestApp;
  let unset: TestApp;
  beforeAll(async () => {
    listed = await startTestApp(kind, { worker: false, env: { METRICS_TOKEN: TOKEN, METRICS_ALLOW: '10.20.0.0/16, 192.0.2.7' } });
    unset = await startTestApp(kind, { worker: false });
  });
  afterAll(async () => {
    await listed.close();
    await unset.close();
  });

  const scrape = (t: TestApp, remoteAddress: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });

  it('answers an address that is not listed as if /metrics did not exist', async () => {
    const response = await scrape(listed, '198.51.100.4');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'failure', code: 5, http_status: 404 });
    expect(response.body).not.toContain('process_cpu');
  });

  it('serves the holder of the token from any address', async () => {
    const response = await scrape(listed, '198.51.100.4', `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it.each([
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['an empty token', 'Bearer '],
    ['the token in another scheme', `Basic ${TOKEN}`],
  ])('answers %s with 404', async (_what, authorization) => {
    expect((await scrape(listed, '198.51.100.4', authorization)).statusCode).toBe(404);
  });

  it('serves listed addresses and ranges without a token, IPv4-mapped ones too', async () => {
    expect((await scrape(listed, '10.20.3.4')).statusCode).toBe(200);
    expect((await scrape(listed, '192.0.2.7')).statusCode).toBe(200);
    expect((await scrape(listed, '::ffff:10.20.9.9')).statusCode).toBe(200);
    expect((await scrape(listed, '10.21.0.1')).statusCode).toBe(404);
  });

  it('serves only loopback when nothing is configured', async () => {
    expect((await scrape(unset, '127.0.0.1')).statusCode).toBe(200);
    expect((await scrape(unset, '::1')).statusCode).toBe(200);
    expect((await scrape(unset, '10.0.0.1')).statusCode).toBe(404);
    expect((await scrape(unset, '10.0.0.1', `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });
});
