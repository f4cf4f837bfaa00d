import { describe, expect, it } from 'vitest';
import { cookieFlagsOf, setCookieConsent } from '../../../src/server/users/cookie-consent.service.ts';
import { findUserById } from '../../../src/server/users/users.repo.ts';
import type { TestApp } from '../../support/app.ts';
import { makeUser, withCountedTestApp } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

const flagsOf = async (userId: string) => {
  const user = await findUserById(t.deps.db, userId);
  return [user?.allow_personalization_cookies, user?.allow_analytic_cookies, user?.allow_marketing_cookies];
};

describe('cookie consent: allow-all sets the three flags true; reject-all sets them false', () => {
  it('as a rule', () => {
    expect(cookieFlagsOf('allow_all')).toEqual({ allow_personalization_cookies: true, allow_analytic_cookies: true, allow_marketing_cookies: true });
    expect(cookieFlagsOf('reject_all')).toEqual({ allow_personalization_cookies: false, allow_analytic_cookies: false, allow_marketing_cookies: false });
  });

  it('on the account, and only on the caller’s', async () => {
    const me = await makeUser(t.deps);
    const other = await makeUser(t.deps);
    expect(await flagsOf(me.id)).toEqual([0, 0, 0]);
    expect(await setCookieConsent(t.deps, me.actor, 'allow_all')).toEqual(cookieFlagsOf('allow_all'));
    expect(await flagsOf(me.id)).toEqual([1, 1, 1]);
    expect(await flagsOf(other.id)).toEqual([0, 0, 0]);
    await setCookieConsent(t.deps, me.actor, 'reject_all');
    expect(await flagsOf(me.id)).toEqual([0, 0, 0]);
  });

  it('needs a browser session: a visitor is asked to sign in, a token is refused', async () => {
    const me = await makeUser(t.deps);
    await expect(setCookieConsent(t.deps, { kind: 'visitor' }, 'allow_all')).rejects.toMatchObject({ errorName: 'unauthorized' });
    await expect(setCookieConsent(t.deps, { kind: 'token', userId: me.id, tokenId: '1', scopes: ['user_accounts:write'] }, 'allow_all')).rejects.toMatchObject({
      errorName: 'forbidden',
    });
    expect(await flagsOf(me.id)).toEqual([0, 0, 0]);
  });
});
