import { describe, expect, it } from 'vitest';
import { nextAfterLogin, rememberedLocation, nextLocationRecord, sameSitePath } from '../../../src/shared/next-location.ts';

/** Each of these would take the browser, or a server decoding the path, to another host. */
const OFF_SITE = [
  '/.//evil.example/',
  '/..//evil.example/',
  '/%2e//evil.example/',
  '/%2E//evil.example/',
  '/%2e%2E//evil.example/',
  '/a/..//evil.example/',
  '/a/%2e%2e//evil.example/',
  '/./\\evil.example/',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252Fevil.example',
  '/%5Cevil.example',
  '/%255Cevil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/\\evil.example',
  '/\\\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/\u0000/evil.example',
  'https://evil.example/',
  'https:evil.example',
  'http:evil.example',
  'HTTPS://evil.example',
  'https:/\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//user@evil.example/',
  '//@evil.example',
  '/\\@evil.example',
  'https://corkboard.invalid@evil.example/',
  '@evil.example',
  '//évil.example/',
  '//ｅｖｉｌ.example/',
  '//xn--vil-9la.example/',
  '/.%2F%2Fevil.example',
  'evil.example',
  `/${'a'.repeat(3000)}`,
];

describe('a return-to value never leaves the site', () => {
  it('has a corpus of at least 30 encodings', () => {
    expect(OFF_SITE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(OFF_SITE.map((next) => [next]))('sends %j home instead', (next) => {
    expect(sameSitePath(next)).toBeNull();
    expect(nextAfterLogin(`?${new URLSearchParams({ next }).toString()}`)).toBe('/');
    expect(rememberedLocation(nextLocationRecord(next, 0), 0)).toBeNull();
  });

  it('refuses the login page URL from the report', () => {
    expect(nextAfterLogin('?next=%2F.%2F%2Fevil.example%2F')).toBe('/');
  });
});

describe('a return-to value on this site survives, normalised', () => {
  it.each([
    ['/', '/'],
    ['/settings/edit/password', '/settings/edit/password'],
    ['/search/pins/?q=cats#top', '/search/pins/?q=cats#top'],
    ['/search/pins/?q=100%25&next=//evil.example', '/search/pins/?q=100%25&next=//evil.example'],
    ['/a/../settings/edit/password', '/settings/edit/password'],
    ['/./settings', '/settings'],
    ['/alice/recipes-%C3%A9t%C3%A9/', '/alice/recipes-%C3%A9t%C3%A9/'],
    ['/alice/a%2Fb/', '/alice/a%2Fb/'],
    ['/@alice', '/@alice'],
    ['/pin/123/?from=//x', '/pin/123/?from=//x'],
  ])('keeps %j as %j', (next, expected) => {
    expect(sameSitePath(next)).toBe(expected);
  });
});
