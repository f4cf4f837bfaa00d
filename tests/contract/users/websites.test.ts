import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../src/shared/viewer.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';
import { html, redirect, startFixtureServer, type FixtureServer } from '../outbound/fixture-server.ts';

type Code = { verification_code: string; metatag: string };
type Summary = { website: string; status: string; verified_at: string };

const errorMessage = (response: LightMyRequestResponse) =>
  response.json<{ resource_response: { error: { message: string } } }>().resource_response.error.message;

/** Website verification and cookie consent through the resource protocol, against a fixture site on 127.0.0.1. */
describe.each(databaseKinds)('websites and cookie consent on %s', (kind) => {
  let t: TestApp;
  let site: FixtureServer;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OUTBOUND_ALLOW_PRIVATE: '1' } });
    site = await startFixtureServer();
  });
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  const viewerOf = async (browser: TestClient) => (await browser.get('/v3/users/me/')).json<{ data: Viewer }>().data;

  it('verify: the tag on the page adds the website to verified_user_websites; unverify removes it', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const code = ok<Code>(await browser.getResource('WebsiteVerificationResource'));
    expect(code.verification_code).toMatch(/^[0-9a-f]{32}$/);
    expect(code.metatag).toBe(`<meta name="corkboard-site-verification" content="${code.verification_code}"/>`);
    expect(ok<Code>(await browser.getResource('WebsiteVerificationResource'))).toEqual(code);

    site.route('/mine', html(`<html><head><title>Mine</title>${code.metatag}</head></html>`));
    expect(await viewerOf(browser)).toMatchObject({ verified_user_websites: [], is_any_website_verified: false, domain_url: null, domain_verified: false });
    const website = `127.0.0.1:${site.port}/mine`;
    const verified = ok<Summary>(await browser.resource('UserWebsitesResource', 'create', { website: `http://${website}/` }));
    expect(verified).toMatchObject({ website, status: 'success' });
    expect(await viewerOf(browser)).toMatchObject({
      verified_user_websites: [website],
      is_any_website_verified: true,
      domain_url: site.url('/mine'),
      domain_verified: true,
    });
    expect(ok<Summary[]>(await browser.getResource('UserWebsitesResource')).map((w) => w.website)).toEqual([website]);

    ok(await browser.resource('UserWebsitesResource', 'delete', { website: `http://${website}` }));
    expect(await viewerOf(browser)).toMatchObject({ verified_user_websites: [], is_any_website_verified: false, domain_verified: false });
    const again = await browser.resource('UserWebsitesResource', 'delete', { website: `http://${website}` });
    failed(again, 404);
    expect(errorMessage(again)).toBe('Website not in user list.');
  });

  it('a page without the member’s tag, with someone else’s, or redirecting to another host verifies nothing', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const other = await signIn(t, await makeUser(t.deps));
    const theirs = ok<Code>(await other.getResource('WebsiteVerificationResource'));
    site.route('/bare', html('<html><head><title>No tag</title></head></html>'));
    site.route('/theirs', html(`<head>${theirs.metatag}</head>`));
    site.route('/away', redirect(`http://localhost:${site.port}/theirs`));
    const bare = await browser.resource('UserWebsitesResource', 'create', { website: site.url('/bare') });
    failed(bare, 400);
    expect(errorMessage(bare)).toMatch(/couldn't find your verification tag/);
    failed(await browser.resource('UserWebsitesResource', 'create', { website: site.url('/theirs') }), 400);
    const away = await browser.resource('UserWebsitesResource', 'create', { website: site.url('/away') });
    failed(away, 400);
    expect(errorMessage(away)).toMatch(/redirected to localhost/);
    expect(await t.deps.db.selectFrom('user_websites').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
  });

  it.each([
    [{}, 400],
    [{ website: '' }, 400],
    [{ website: 'javascript:alert(1)' }, 400],
    [{ website: 'ftp://example.com' }, 400],
    [{ website: 'http://169.254.169.254/' }, 400],
    [{ website: 'x'.repeat(3000) }, 400],
  ])('verify refuses %j and stores nothing', async (options, status) => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    failed(await browser.resource('UserWebsitesResource', 'create', options), status);
    expect(await t.deps.db.selectFrom('user_websites').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
  });

  it('visitors are asked to sign in', async () => {
    const visitor = await visitorClient(t);
    failed(await visitor.getResource('WebsiteVerificationResource'), 401);
    failed(await visitor.resource('UserWebsitesResource', 'create', { website: 'example.com' }), 401);
  });

  it('CookieConsentResource: allow-all sets the three flags true, reject-all false; bad input changes nothing', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const flags = (v: Viewer) => [v.allow_personalization_cookies, v.allow_analytic_cookies, v.allow_marketing_cookies];
    expect(ok(await browser.resource('CookieConsentResource', 'update', { consent: 'allow_all' }))).toEqual({
      allow_personalization_cookies: true,
      allow_analytic_cookies: true,
      allow_marketing_cookies: true,
    });
    expect(flags(await viewerOf(browser))).toEqual([true, true, true]);
    for (const bad of [{}, { consent: 'allow_some' }, { consent: true }]) failed(await browser.resource('CookieConsentResource', 'update', bad), 400);
    expect(flags(await viewerOf(browser))).toEqual([true, true, true]);
    ok(await browser.resource('CookieConsentResource', 'update', { consent: 'reject_all' }));
    expect(flags(await viewerOf(browser))).toEqual([false, false, false]);
  });
});
