import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

describe.each(databaseKinds)('transport security and the tab icon on %s', (kind) => {
  let https: TestApp;
  let http: TestApp;
  beforeAll(async () => {
    https = await startTestApp(kind, { worker: false, env: { PUBLIC_URL: 'https://pins.example.com' } });
    http = await startTestApp(kind, { worker: false, env: { PUBLIC_URL: 'http://192.168.1.20:3000' } });
  });
  afterAll(async () => {
    await https.close();
    await http.close();
  });

  it('tells browsers to use https only when the public address is https', async () => {
    const secure = await https.app.inject({ method: 'GET', url: '/healthz' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await http.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers).not.toHaveProperty('strict-transport-security');
  });

  it('serves /favicon.ico as an icon made from the tab mark', async () => {
    const response = await http.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    const icon = response.rawPayload;
    // An ICO header (reserved 0, type 1) with its first image a PNG stream.
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2)]).toEqual([0, 1]);
    expect(icon.readUInt16LE(4)).toBeGreaterThan(0);
    const firstImage = icon.subarray(icon.readUInt32LE(18));
    expect(firstImage.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
