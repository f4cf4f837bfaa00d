import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RETRIES, CHUNK_RETRY_INITIAL_MS, OFFLINE_BANNER_HIDE_MS } from '../../../src/shared/constants.ts';
import { bannerTimeoutMs, nextBannerState } from '../../../src/shared/offline.ts';
import { retryDelays, withRetries } from '../../../src/shared/retry.ts';
import { screenSizeClass, startupBucket, toastPlacement } from '../../../src/shared/screen.ts';

describe('offline banner (spec section 4)', () => {
  it('goes hidden → offline → backOnline → hidden', () => {
    let state = nextBannerState('hidden', 'offline');
    expect(state).toBe('offline');
    state = nextBannerState(state, 'online');
    expect(state).toBe('backOnline');
    expect(bannerTimeoutMs(state)).toBe(OFFLINE_BANNER_HIDE_MS);
    expect(OFFLINE_BANNER_HIDE_MS).toBe(2000);
    expect(nextBannerState(state, 'timeout')).toBe('hidden');
  });

  it('stays offline until the network returns and ignores stray events', () => {
    expect(bannerTimeoutMs('offline')).toBeNull();
    expect(nextBannerState('offline', 'timeout')).toBe('offline');
    expect(nextBannerState('hidden', 'online')).toBe('hidden');
    expect(nextBannerState('backOnline', 'offline')).toBe('offline');
  });
});

describe('screen size classes (spec section 4)', () => {
  it('sm below 768, md below 1024, lg otherwise', () => {
    expect(screenSizeClass(390)).toBe('sm');
    expect(screenSizeClass(767)).toBe('sm');
    expect(screenSizeClass(768)).toBe('md');
    expect(screenSizeClass(1023)).toBe('md');
    expect(screenSizeClass(1024)).toBe('lg');
  });

  it('start-up buckets xs, sm, md, lg, xl', () => {
    expect([639, 640, 767, 768, 1023, 1024, 1279, 1280].map(startupBucket)).toEqual(['xs', 'sm', 'sm', 'md', 'md', 'lg', 'lg', 'xl']);
  });

  it('places toasts at the bottom on desktop, at the top 56 px (phone) or 80 px elsewhere', () => {
    expect(toastPlacement('lg').edge).toBe('bottom');
    expect(toastPlacement('sm')).toEqual({ edge: 'top', offsetPx: 56 });
    expect(toastPlacement('md')).toEqual({ edge: 'top', offsetPx: 80 });
  });
});

describe('chunk retries (spec section 4)', () => {
  it('waits 500 ms, then doubling, for 3 retries', () => {
    expect(retryDelays(CHUNK_RETRIES, CHUNK_RETRY_INITIAL_MS)).toEqual([500, 1000, 2000]);
  });

  it('retries until a try succeeds, passing the try number', async () => {
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    const attempt = vi.fn((tryNumber: number) => (tryNumber < 2 ? Promise.reject(new Error('chunk failed')) : Promise.resolve('module')));
    await expect(withRetries(attempt, { retries: 3, initialMs: 500, sleep })).resolves.toBe('module');
    expect(attempt.mock.calls.map((c) => c[0])).toEqual([0, 1, 2]);
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([500, 1000]);
  });

  it('gives up after the last retry with the last error', async () => {
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    let tries = 0;
    const attempt = () => {
      tries += 1;
      return Promise.reject(new Error(`failed ${tries}`));
    };
    await expect(withRetries(attempt, { retries: 3, initialMs: 500, sleep })).rejects.toThrow('failed 4');
    expect(sleep).toHaveBeenCalledTimes(3);
  });

  it('stops early when the error is not retryable', async () => {
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    const attempt = vi.fn(() => Promise.reject(new Error('fatal')));
    await expect(withRetries(attempt, { retries: 3, initialMs: 500, sleep, shouldRetry: () => false })).rejects.toThrow('fatal');
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
