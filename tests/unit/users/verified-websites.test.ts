import { describe, expect, it } from 'vitest';
import type { UserWebsite } from '../../../src/server/db/schema/pin-sources.ts';
import { NO_WEBSITES, presentWebsites } from '../../../src/server/users/websites.present.ts';
import { websiteAddress } from '../../../src/server/users/websites.service.ts';

const site = (website: string, verifiedAt: number): UserWebsite => {
  const address = websiteAddress(website);
  return { user_id: '1', ...address, verified_at: verifiedAt };
};

describe('domain verified adds the website to verified_user_websites and sets is_any_website_verified; unverified removes it', () => {
  it('no verified website: an empty list and the flag off', () => {
    expect(presentWebsites([], null)).toEqual(NO_WEBSITES);
  });

  it('verified websites are listed and set the flag; the latest names the domain when the profile has none', () => {
    const shown = presentWebsites([site('shop.example.com/store', 2), site('example.org', 1)], null);
    expect(shown).toEqual({
      verified_user_websites: ['shop.example.com/store', 'example.org'],
      is_any_website_verified: true,
      domain_url: 'https://shop.example.com/store',
      domain_verified: true,
    });
  });

  it('the profile website is the domain shown; it is verified when its host (without www) was verified', () => {
    expect(presentWebsites([site('example.org', 1)], 'https://www.example.org/about')).toMatchObject({
      domain_url: 'https://www.example.org/about',
      domain_verified: true,
    });
    expect(presentWebsites([site('example.org', 1)], 'https://elsewhere.net/')).toMatchObject({
      domain_url: 'https://elsewhere.net/',
      domain_verified: false,
      is_any_website_verified: true,
    });
  });

  it('unverifying the last website removes it and clears the flag', () => {
    const before = [site('example.org', 1)];
    const after = before.filter((w) => w.website !== 'example.org');
    expect(presentWebsites(before, 'https://example.org').is_any_website_verified).toBe(true);
    expect(presentWebsites(after, 'https://example.org')).toEqual({ ...NO_WEBSITES, domain_url: 'https://example.org' });
  });
});

describe('a website as members type it', () => {
  it.each([
    ['example.com', { website: 'example.com', url: 'https://example.com/', domain: 'example.com' }],
    ['  https://www.Example.com/shop/  ', { website: 'www.example.com/shop', url: 'https://www.example.com/shop', domain: 'example.com' }],
    ['http://127.0.0.1:8080/a/?q=1#x', { website: '127.0.0.1:8080/a', url: 'http://127.0.0.1:8080/a', domain: '127.0.0.1' }],
  ])('%s', (input, expected) => {
    expect(websiteAddress(input)).toEqual(expected);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com', 'https://user:pw@example.com', 'http://', 'exa mple.com'])('refuses %s', (input) => {
    expect(() => websiteAddress(input)).toThrow(/website:/);
  });
});
