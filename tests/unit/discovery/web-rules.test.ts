import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';
import { interestFollowChange } from '../../../src/web/follow/follow-changes.ts';
import { headerSection } from '../../../src/web/shell/header-section.ts';
import { categoryPath } from '../../../src/web/discovery/SectionPage.tsx';

describe('operators setting', () => {
  it('lists usernames separated by commas or spaces, lower-cased; nobody by default', () => {
    expect([...loadConfig({}).operators]).toEqual([]);
    expect([...loadConfig({ OPERATORS: 'Alice, bob_2  carol' }).operators]).toEqual(['alice', 'bob_2', 'carol']);
  });

  it('refuses what cannot be a username', () => {
    expect(() => loadConfig({ OPERATORS: 'alice, bad-name!' })).toThrow(ConfigError);
  });
});

describe('following a topic in every cached copy', () => {
  it('flips is_followed and moves follower_count by one, once', () => {
    const topic = { type: 'interest', id: '7', is_followed: false, follower_count: 2 };
    const followed = interestFollowChange('7', true)(topic);
    expect(followed).toMatchObject({ is_followed: true, follower_count: 3 });
    expect(interestFollowChange('7', true)(followed ?? {})).toBeUndefined();
    expect(interestFollowChange('7', false)({ ...topic, is_followed: true, follower_count: 0 })).toMatchObject({ is_followed: false, follower_count: 0 });
  });

  it('leaves other topics and other kinds of items alone', () => {
    expect(interestFollowChange('7', true)({ type: 'interest', id: '8', is_followed: false })).toBeUndefined();
    expect(interestFollowChange('7', true)({ type: 'board', id: '7', followed_by_me: false })).toBeUndefined();
  });
});

describe('header sections', () => {
  it('marks home, today and explore (ideas, topics, videos, shopping) as current', () => {
    expect(headerSection('/')).toBe('home');
    expect(headerSection('/homefeed/')).toBe('home');
    expect(headerSection('/today/best/x/1/')).toBe('today');
    for (const path of ['/ideas/', '/ideas/ocean/1/', '/topics/ocean', '/videos/', '/shopping/coffee/2/']) expect(headerSection(path)).toBe('explore');
    expect(headerSection('/ideasbook/')).toBeNull();
    expect(headerSection('/alice/')).toBeNull();
  });

  it('addresses a category page by the topic slug and id', () => {
    expect(categoryPath('videos', { id: '12', slug: 'city-at-night' })).toBe('/videos/city-at-night/12/');
  });
});
