import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../src/server/common/secrets.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import type { ResourceBody } from './helpers.ts';

type CreatedPat = { id: string; name: string; scopes: string[]; token: string };

describe.each(databaseKinds)('personal access tokens on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('create answers the secret once; it is stored hashed; get lists without secrets; bearer calls work; revoke ends it', async () => {
    const browser = t.client('10.4.0.1');
    await browser.signUp('pat-owner@example.com');
    const created = await browser.resource('PersonalAccessTokenResource', 'create', { name: 'backup script', scopes: ['pins:read', 'boards:read'] });
    expect(created.statusCode).toBe(200);
    const pat = created.json<ResourceBody<CreatedPat>>().resource_response.data;
    expect(pat.token).toMatch(/^cbpat_[\w-]{43}$/);
    expect(pat.scopes).toEqual(['boards:read', 'pins:read']);

    const row = await t.deps.db.selectFrom('personal_access_tokens').selectAll().where('id', '=', pat.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashSecret(pat.token));
    expect(JSON.stringify(row)).not.toContain(pat.token);

    const listed = await browser.getResource('PersonalAccessTokenResource');
    expect(listed.body).not.toContain(pat.token);
    expect(listed.json<ResourceBody<unknown[]>>().resource_response.data).toEqual([expect.objectContaining({ id: pat.id, name: 'backup script' })]);

    const script = t.client('10.4.0.2');
    const me = await script.get('/v3/users/me/', bearer(pat.token));
    expect(me.json()).toMatchObject({ data: { email: 'pat-owner@example.com', login_state: 'full' } });
    // No cookies, no CSRF token: a bearer call carries no ambient authority to forge.
    const resend = await script.post('/v3/users/email/verify/resend/', {}, bearer(pat.token));
    expect(resend.statusCode).toBe(200);
    expect(script.jar.has('corkboard_sess')).toBe(false);

    // A token cannot mint tokens.
    const minted = await script.post('/resource/PersonalAccessTokenResource/create/', { data: JSON.stringify({ options: { name: 'x' } }) }, bearer(pat.token));
    expect(minted.statusCode).toBe(403);

    expect((await browser.resource('PersonalAccessTokenResource', 'delete', { id: pat.id })).statusCode).toBe(200);
    const revoked = await script.get('/v3/users/me/', bearer(pat.token));
    expect(revoked.statusCode).toBe(401);
    expect((await browser.getResource('PersonalAccessTokenResource')).json()).toMatchObject({ resource_response: { data: [] } });
  });

  it("someone else's token is not found, and a made-up bearer token is refused", async () => {
    const owner = t.client('10.4.0.3');
    await owner.signUp('pat-a@example.com');
    const pat = (await owner.resource('PersonalAccessTokenResource', 'create', { name: 'mine' })).json<ResourceBody<CreatedPat>>().resource_response.data;
    const other = t.client('10.4.0.3');
    await other.signUp('pat-b@example.com');
    expect((await other.resource('PersonalAccessTokenResource', 'delete', { id: pat.id })).statusCode).toBe(404);
    expect((await owner.get('/v3/users/me/', bearer(pat.token))).statusCode).toBe(200);
    expect((await t.client().get('/v3/users/me/', bearer('cbpat_madeup'))).statusCode).toBe(401);
    expect((await t.client().get('/v3/users/me/', bearer(''))).statusCode).toBe(401);
  });

  it('visitors can neither list nor create tokens; bad options are refused', async () => {
    const visitor = t.client('10.4.0.4');
    await visitor.ensureCsrf();
    expect((await visitor.getResource('PersonalAccessTokenResource')).statusCode).toBe(401);
    expect((await visitor.resource('PersonalAccessTokenResource', 'create', { name: 'x' })).statusCode).toBe(401);
    const browser = t.client('10.4.0.4');
    await browser.signUp('pat-options@example.com');
    expect((await browser.resource('PersonalAccessTokenResource', 'create', { name: '' })).statusCode).toBe(400);
    expect((await browser.resource('PersonalAccessTokenResource', 'create', { name: 'x', scopes: ['root'] })).statusCode).toBe(400);
    expect((await browser.resource('PersonalAccessTokenResource', 'delete', { id: 'abc' })).statusCode).toBe(400);
  });
});
