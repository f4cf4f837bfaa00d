import { describe, expect, it } from 'vitest';
import { showsOnlyHeader } from '../../../src/web/profile/private-profile.ts';

describe('a private profile shows only its header to readers it did not approve', () => {
  it('a public profile shows everything to everyone', () => {
    expect(showsOnlyHeader({ is_private_profile: false, is_visible_to_me: true })).toBe(false);
  });

  it('a private profile shows its tabs to its owner and approved followers', () => {
    expect(showsOnlyHeader({ is_private_profile: true, is_visible_to_me: true })).toBe(false);
  });

  it('a private profile shows others only its header', () => {
    expect(showsOnlyHeader({ is_private_profile: true, is_visible_to_me: false })).toBe(true);
  });
});
