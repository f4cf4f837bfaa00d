import { describe, expect, it } from 'vitest';
import { cookieFlagsOf, setCookieConsent } from '../../../src/server/users/cookie-consent.service.ts';
import { findUserById } from '../../../src/server/users/users.repo.ts';
import type { TestApp } from '../../support/app.ts';
import { makeUser, withCountedTestApp } from '../../support/factories.ts';

const allowAll = { consent: 'allow_all' } as const;
const rejectAll = { consent: 'reject_all' } as const;

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

const flagsOf = async (userId: string) => {
  const user = await findUserById(t.deps.db, userId);
  return [user?.allow_personalization_cookies, user?.allow_analytic_cookies, user?.allow_marketing_cookies];
};

describe('cookie consent: allow-all sets the three flags true; reject-all sets them false; custom sets each', () => {
  it('as a rule', () => {
    expect(cookieFlagsOf(allowAll)).toEqual({ allow_personalization_cookies: true, allow_analytic_cookies: true, allow_marketing_cookies: true });
    expect(cookieFlagsOf(rejectAll)).toEqual({ allow_personalization_cookies: false, allow_analytic_cookies: false, allow_marketing_cookies: false });
  });

  it('per category: each flag as chosen', () => {
    const custom = { consent: 'custom', allow_personalization_cookies: true, allow_analytic_cookies: false, allow_marketing_cookies: true } as const;
    expect(cookieFlagsOf(custom)).toEqual({ allow_personalization_cookies: true, allow_analytic_cookies: false, allow_marketing_cookies: true });
  });

  it('on the account, and only on the caller’s', async () => {
    const me = await makeUser(t.deps);
    const other = await makeUser(t.deps);
    expect(await flagsOf(me.id)).toEqual([0, 0, 0]);
    expect(await setCookieConsent(t.deps, me.actor, allowAll)).toEqual(cookieFlagsOf(allowAll));
    expect(await flagsOf(me.id)).toEqual([1, 1, 1]);
    expect(await flagsOf(other.id)).toEqual([0, 0, 0]);
    await setCookieConsent(t.deps, me.actor, rejectAll);
    expect(await flagsOf(me.id)).toEqual([0, 0, 0]);
  });

  it('a visitor’s answer is only returned (its cookie keeps it); a token is refused', async () => {
    const me = await makeUser(t.deps);
    expect(await setCookieConsent(t.deps, { kind: 'visitor' }, allowAll)).toEqual(cookieFlagsOf(allowAll));
    await expect(setCookieConsent(t.deps, { kind: 'token', userId: me.id, tokenId: '1', scopes: ['user_accounts:write'] }, allowAll)).rejects.toMatchObject({
      errorName: 'forbidden',
    });
    expect(await flagsOf(me.id)).toEqual([0, 0, 0]);
  });
});
