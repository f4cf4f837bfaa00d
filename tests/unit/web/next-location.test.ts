import { describe, expect, it } from 'vitest';
import { signInRedirect } from '../../../src/server/pages/page-context.ts';
import { buildRouteTable, matchRoute, routeFromHandler } from '../../../src/shared/routes.ts';
import { loginPathFor, NEXT_LOCATION_TTL_MS, nextAfterLogin, nextLocationRecord, rememberedLocation, sameSitePath } from '../../../src/shared/next-location.ts';
import { requiresSignIn, SETTINGS_PATHS } from '../../../src/shared/settings.ts';

const ORIGIN = 'https://corkboard.example';

describe('next after login: same-site paths only', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(nextAfterLogin('?next=%2Fsettings%2Fedit%2Fpassword')).toBe('/settings/edit/password');
    expect(nextAfterLogin('?next=/search/pins/%3Fq%3Dcats%23top')).toBe('/search/pins/?q=cats#top');
  });

  it('falls back to the home page without a next', () => {
    expect(nextAfterLogin('')).toBe('/');
    expect(nextAfterLogin('?next=')).toBe('/');
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    ['settings'],
    [`/${'a'.repeat(3000)}`],
  ])('refuses %j', (next) => {
    expect(sameSitePath(next)).toBeNull();
    expect(nextAfterLogin(`?${new URLSearchParams({ next }).toString()}`)).toBe('/');
  });

  it('resolves dot segments before deciding', () => {
    expect(sameSitePath('/a/../settings/edit/password')).toBe('/settings/edit/password');
  });
});

describe('login path with next', () => {
  it('round-trips a location through the query', () => {
    const path = loginPathFor('/settings/security/tokens?x=1&y=2');
    expect(path).toBe('/login?next=%2Fsettings%2Fsecurity%2Ftokens%3Fx%3D1%26y%3D2');
    expect(nextAfterLogin(path.slice('/login'.length))).toBe('/settings/security/tokens?x=1&y=2');
  });

  it('needs no next for the home page', () => {
    expect(loginPathFor('/')).toBe('/login');
  });
});

describe('settings pages need a signed-in viewer', () => {
  const match = (handlerId: string) => ({ handlerId, route: `/${handlerId}`, params: {} });

  it('covers every settings handler and nothing else', () => {
    expect(requiresSignIn('settings/edit/password')).toBe(true);
    expect(requiresSignIn('settings/security/tokens')).toBe(true);
    expect(requiresSignIn('settings')).toBe(true);
    expect(requiresSignIn('settingsfoo')).toBe(false);
    expect(requiresSignIn('index')).toBe(false);
    expect(requiresSignIn('login')).toBe(false);
  });

  it('serves the settings pages from their handler files, ahead of profile and board routes', () => {
    expect(routeFromHandler('settings/edit/password.tsx')).toBe(SETTINGS_PATHS.password);
    expect(routeFromHandler('settings/security/tokens.tsx')).toBe(SETTINGS_PATHS.accessTokens);
    const table = buildRouteTable(['index', '[username]', '[username]/[slug]', 'settings/edit/password', 'settings/security/tokens']);
    expect(matchRoute(table, '/settings/edit/password/')?.handlerId).toBe('settings/edit/password');
    expect(matchRoute(table, SETTINGS_PATHS.accessTokens)?.handlerId).toBe('settings/security/tokens');
  });

  it('sends a visitor to log in with the page as next', () => {
    const url = new URL(`${ORIGIN}${SETTINGS_PATHS.password}?tab=1`);
    expect(signInRedirect(url, match('settings/edit/password'), false)).toBe('/login?next=%2Fsettings%2Fedit%2Fpassword%3Ftab%3D1');
    expect(signInRedirect(url, match('settings/edit/password'), true)).toBeNull();
    expect(signInRedirect(new URL(`${ORIGIN}/login`), match('login'), false)).toBeNull();
    expect(signInRedirect(new URL(`${ORIGIN}/nope`), null, false)).toBeNull();
  });
});

describe('limited-login next-location memory', () => {
  const now = Date.UTC(2026, 0, 1);

  it('leads back to the remembered path while fresh', () => {
    const stored = nextLocationRecord('/settings/security/tokens', now);
    expect(rememberedLocation(stored, now + 60_000)).toBe('/settings/security/tokens');
    expect(rememberedLocation(stored, now + NEXT_LOCATION_TTL_MS)).toBe('/settings/security/tokens');
  });

  it('forgets it once stale, or when written in the future', () => {
    const stored = nextLocationRecord('/settings/security/tokens', now);
    expect(rememberedLocation(stored, now + NEXT_LOCATION_TTL_MS + 1)).toBeNull();
    expect(rememberedLocation(stored, now - 1)).toBeNull();
  });

  it('ignores missing, malformed and foreign records', () => {
    expect(rememberedLocation(null, now)).toBeNull();
    expect(rememberedLocation('not json', now)).toBeNull();
    expect(rememberedLocation('null', now)).toBeNull();
    expect(rememberedLocation(JSON.stringify({ path: 5, savedAt: now }), now)).toBeNull();
    expect(rememberedLocation(nextLocationRecord('//evil.example/', now), now)).toBeNull();
  });
});
