import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ageRestrictedCookieOptions, cookieNames } from '../../../src/server/auth/cookies.ts';
import { AGE_RESTRICTED_COOKIE, AGE_RESTRICTION_HOURS } from '../../../src/shared/signup.ts';

const PAGES = new URL('../../../src/web/i18n/locales/pages/', import.meta.url);
const Catalogue = z.record(z.string(), z.string());

describe('the sign-up page states the age block it enforces', () => {
  it('states the cookie the server sets, for as long as it lasts', () => {
    expect(cookieNames(true).ageRestricted).toBe(AGE_RESTRICTED_COOKIE);
    expect(ageRestrictedCookieOptions(false).maxAge).toBe(AGE_RESTRICTION_HOURS * 60 * 60);
    expect(AGE_RESTRICTION_HOURS).toBe(24);
  });

  it('every page catalogue explains the block and how many hours it lasts', () => {
    const files = readdirSync(PAGES).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const catalogue = Catalogue.parse(JSON.parse(readFileSync(new URL(file, PAGES), 'utf8')));
      expect(catalogue['signup.ageRestricted'], file).toContain('{{hours}}');
      expect(catalogue['signup.ageRestricted'], file).toContain('13');
    }
  });
});
