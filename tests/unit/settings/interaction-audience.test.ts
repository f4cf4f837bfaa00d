import { describe, expect, it } from 'vitest';
import { audienceAllows, INTERACTION_AUDIENCES } from '../../../src/shared/member-settings.ts';

describe('who may mention, comment on the pins of, or message a member', () => {
  it('everyone lets anyone in, followed or not', () => {
    expect(audienceAllows('everyone', { isOwner: false, ownerFollowsActor: false })).toBe(true);
    expect(audienceAllows('everyone', { isOwner: false, ownerFollowsActor: true })).toBe(true);
  });

  it('people I follow lets in only those the owner follows', () => {
    expect(audienceAllows('following', { isOwner: false, ownerFollowsActor: true })).toBe(true);
    expect(audienceAllows('following', { isOwner: false, ownerFollowsActor: false })).toBe(false);
  });

  it('nobody lets in no one else, even people the owner follows', () => {
    expect(audienceAllows('nobody', { isOwner: false, ownerFollowsActor: true })).toBe(false);
    expect(audienceAllows('nobody', { isOwner: false, ownerFollowsActor: false })).toBe(false);
  });

  it('the owner always reaches themselves, whatever they chose', () => {
    for (const audience of INTERACTION_AUDIENCES) expect(audienceAllows(audience, { isOwner: true, ownerFollowsActor: false })).toBe(true);
  });
});
