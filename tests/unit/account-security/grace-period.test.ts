import { describe, expect, it } from 'vitest';
import { DELETION_GRACE_MS, isPurgeDue } from '../../../src/server/users/account-deletion.job.ts';
import { summarizeUserAgent } from '../../../src/server/auth/user-agent.ts';

describe('account deletion grace period', () => {
  const requested = Date.UTC(2026, 0, 1);
  const deletion = { purge_at: requested + DELETION_GRACE_MS, purged_at: null };
  it('lasts 14 days', () => {
    expect(DELETION_GRACE_MS).toBe(14 * 24 * 60 * 60 * 1000);
  });
  it('is not due a moment before its end, and due from its end on', () => {
    expect(isPurgeDue(deletion, deletion.purge_at - 1)).toBe(false);
    expect(isPurgeDue(deletion, deletion.purge_at)).toBe(true);
    expect(isPurgeDue(deletion, deletion.purge_at + 1)).toBe(true);
  });
  it('a purged account is never purged again', () => {
    expect(isPurgeDue({ ...deletion, purged_at: deletion.purge_at }, deletion.purge_at + 1)).toBe(false);
  });
});

describe('sessions list: browser and device from the user agent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 'Chrome', 'Windows computer'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0', 'Edge', 'Windows computer'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari',
      'iPhone',
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36', 'Chrome', 'Android phone'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox', 'Mac'],
    ['curl/8.5.0', 'curl', 'Unknown device'],
  ])('%s', (ua, browser, device) => {
    expect(summarizeUserAgent(ua)).toEqual({ browser, device });
  });
  it('an absent user agent is named as unknown', () => {
    expect(summarizeUserAgent(null)).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
  });
});
