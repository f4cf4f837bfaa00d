import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistedQueryHashes } from '../../../src/server/graphql/persisted-queries.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

type Envelope = {
  resource_response: {
    status: string;
    code: number;
    message: string;
    data: unknown;
    bookmark: string | null;
    error: { api_error_code: number; code: number; message: string; message_detail: string | null; http_status: number } | null;
  };
};

const getData = (options: unknown) => encodeURIComponent(JSON.stringify({ options, context: {} }));

describe.each(databaseKinds)('HTTP protocols on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('resource protocol', () => {
    it('answers a read in the resource envelope', async () => {
      const client = t.client('10.0.0.1');
      await client.signUp('reader@example.com');
      const response = await client.getResource('PersonalAccessTokenResource');
      expect(response.statusCode).toBe(200);
      const body = response.json<Envelope>();
      expect(body.resource_response).toMatchObject({ status: 'success', code: 0, message: 'ok', error: null, bookmark: null });
      expect(Array.isArray(body.resource_response.data)).toBe(true);
    });

    it.each([
      ['an unknown resource', '/resource/NoSuchResource/get/', 404],
      ['a name that is not a resource', '/resource/not-a-name/get/', 400],
      ['a verb the resource lacks', `/resource/HandshakeSessionResource/get/?data=${getData({})}`, 405],
      ['data that is not JSON', '/resource/PersonalAccessTokenResource/get/?data=%7Bnope', 400],
      ['data that is not an object', `/resource/PersonalAccessTokenResource/get/?data=${encodeURIComponent('[1,2]')}`, 400],
    ])('refuses %s with the error envelope', async (_what, url, status) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      const { resource_response: r } = response.json<Envelope>();
      expect(r.status).toBe('failure');
      expect(r.data).toBeNull();
      expect(r.error).toMatchObject({ http_status: status, code: r.code, api_error_code: r.code });
      expect(typeof r.error?.message).toBe('string');
    });

    it('refuses options that fail the resource schema, naming the field', async () => {
      const client = t.client('10.0.0.2');
      await client.signUp('options@example.com');
      const response = await client.resource('PersonalAccessTokenResource', 'create', { name: 42 });
      expect(response.statusCode).toBe(400);
      expect(response.json<Envelope>().resource_response.error?.message).toMatch(/name/);
    });
  });

  describe('limits and hostile input', () => {
    it('names the field of a body that fails its schema, with the spec message for a missing one', async () => {
      const client = t.client('10.0.0.9');
      await client.ensureCsrf();
      const missing = await client.post('/v3/register/email/handshake/', { password: 'long enough password' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ status: 'failure', message: 'email: Required', http_status: 400 });
      const invalid = await client.post('/v3/register/email/handshake/', { email: 'nope', password: 'long enough password' });
      expect(invalid.json()).toMatchObject({ message: 'email: Please enter a valid email address' });
    });

    it('refuses NUL characters anywhere in a body, a query or resource options', async () => {
      const client = t.client('10.0.0.10');
      await client.signUp('nul@example.com');
      const inForm = await client.post('/v3/login/handshake/', { username_or_email: 'a\u0000b', password: 'p' });
      const inQuery = await client.get('/_/_/state?source_url=%2F%00');
      const inOptions = await client.resource('PersonalAccessTokenResource', 'create', { name: 'x\u0000y' });
      for (const response of [inForm, inQuery, inOptions]) {
        expect(response.statusCode).toBe(400);
        expect(response.body).toContain('NUL');
      }
      const tokens = await t.deps.db.selectFrom('personal_access_tokens').select('id').execute();
      expect(tokens).toEqual([]);
    });

    it('answers 413 for a body over the limit, in the envelope', async () => {
      const client = t.client('10.0.0.3');
      await client.ensureCsrf();
      const response = await client.post('/v3/login/handshake/', { username_or_email: 'x'.repeat(2 * 1024 * 1024), password: 'p' });
      expect(response.statusCode).toBe(413);
      expect(response.json<{ status: string }>().status).toBe('failure');
    });

    it('answers 415 for a body type it does not take', async () => {
      const client = t.client('10.0.0.4');
      await client.ensureCsrf();
      const response = await client.request({
        method: 'POST',
        url: '/v3/login/handshake/',
        payload: '<login/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(response.statusCode).toBe(415);
    });

    it('never shows a stack trace, a file path or SQL in an error', async () => {
      const client = t.client('10.0.0.5');
      await client.ensureCsrf();
      const bodies = await Promise.all([
        client.post('/v3/login/handshake/', { username_or_email: "' OR 1=1 --", password: '\u0000' }),
        client.request({ method: 'POST', url: '/_/graphql/', payload: '{"queryHash":', headers: { 'content-type': 'application/json' } }),
        client.get('/resource/PersonalAccessTokenResource/get/?data=%ZZ'),
      ]);
      for (const response of bodies) {
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toMatch(/\n\s+at |node_modules|\/src\/|SELECT|INSERT|sqlite|postgres/i);
      }
    });
  });

  describe('security headers', () => {
    it('sends a strict content security policy and the other headers on pages and APIs', async () => {
      for (const url of ['/healthz', '/v3/users/me/']) {
        const response = await t.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("img-src 'self' data: blob: https:");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('unsafe-eval');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
    });
  });

  describe('operations', () => {
    it('answers /healthz and /readyz with every check', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', blobs: 'ok', queue: 'ok', cache: 'ok', mail: 'ok' },
      });
    });

    it('serves Prometheus text with request durations by route', async () => {
      await t.app.inject({ method: 'GET', url: '/healthz' });
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
      expect(metrics.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
      expect(metrics.body).toContain('process_cpu_user_seconds_total');
    });

    it('documents the HTTP surface in OpenAPI', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ openapi: string; paths: Record<string, unknown> }>();
      expect(doc.openapi).toMatch(/^3\./);
      for (const path of [
        '/resource/{name}/get/',
        '/resource/{name}/{verb}/',
        '/v3/login/handshake/',
        '/v3/register/email/handshake/',
        '/v3/users/me/',
        '/_/graphql/',
      ]) {
        expect(doc.paths).toHaveProperty([path]);
      }
    });
  });

  describe('GraphQL persisted queries', () => {
    const viewerQuery = persistedQueryHashes()['ViewerQuery'] ?? '';

    it('runs a persisted query for the signed-in viewer and answers null for a visitor', async () => {
      const member = t.client('10.0.0.6');
      await member.signUp('graph@example.com');
      const asMember = await member.request({ method: 'POST', url: '/_/graphql/', payload: { queryHash: viewerQuery, variables: {} } });
      expect(asMember.statusCode).toBe(200);
      expect(asMember.json()).toMatchObject({ data: { viewer: { email: 'graph@example.com', emailVerified: false, isPartner: false } } });

      const visitor = t.client('10.0.0.7');
      await visitor.ensureCsrf();
      const asVisitor = await visitor.request({ method: 'POST', url: '/_/graphql/', payload: { queryHash: viewerQuery } });
      expect(asVisitor.json()).toEqual({ data: { viewer: null } });
    });

    it('refuses unknown and malformed hashes and calls without the CSRF header', async () => {
      const client = t.client('10.0.0.8');
      await client.ensureCsrf();
      const unknown = await client.request({ method: 'POST', url: '/_/graphql/', payload: { queryHash: 'a'.repeat(64) } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ errors: [{ message: 'PersistedQueryNotFound' }] });
      const malformed = await client.request({ method: 'POST', url: '/_/graphql/', payload: { queryHash: 'query { viewer { id } }' } });
      expect(malformed.statusCode).toBe(400);
      const noCsrf = await t.app.inject({ method: 'POST', url: '/_/graphql/', payload: { queryHash: viewerQuery } });
      expect(noCsrf.statusCode).toBe(403);
    });
  });
});
