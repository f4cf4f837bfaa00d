import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/access/actor.ts';
import { AppError } from '../../../src/server/errors.ts';
import { registrationStatus, STALLED_UPLOAD_MS } from '../../../src/server/media/registration.service.ts';
import { v5Images } from '../../../src/server/v5/pins.present.ts';
import { requireTokenScopes } from '../../../src/server/access/authorized.ts';
import { kindsOf } from '../../../src/server/v5/v5.http.ts';
import type { MediaImage } from '../../../src/shared/contracts/media.ts';

const NOW = 1_700_000_000_000;
const row = { media_status: null, failure_reason: null, uploaded_at: null, expires_at: NOW + 60_000 } as const;

describe('media registration status', () => {
  it('is registered until a file arrives, and failed once the upload URL has expired unused', () => {
    expect(registrationStatus(row, NOW)).toBe('registered');
    expect(registrationStatus({ ...row, expires_at: NOW }, NOW)).toBe('failed');
  });

  it('follows the media once the file became one: processing, ready is succeeded, failed', () => {
    expect(registrationStatus({ ...row, uploaded_at: NOW, media_status: 'processing' }, NOW)).toBe('processing');
    expect(registrationStatus({ ...row, uploaded_at: NOW, media_status: 'ready' }, NOW)).toBe('succeeded');
    expect(registrationStatus({ ...row, uploaded_at: NOW, media_status: 'failed' }, NOW)).toBe('failed');
    // The media's own state wins even past the upload URL's expiry.
    expect(registrationStatus({ ...row, uploaded_at: NOW, media_status: 'ready', expires_at: NOW - 1 }, NOW)).toBe('succeeded');
  });

  it('a refused file fails it; a file claimed whose media never appeared fails after a while', () => {
    expect(registrationStatus({ ...row, uploaded_at: NOW, failure_reason: 'Only videos are accepted here.' }, NOW)).toBe('failed');
    expect(registrationStatus({ ...row, uploaded_at: NOW }, NOW + STALLED_UPLOAD_MS)).toBe('processing');
    expect(registrationStatus({ ...row, uploaded_at: NOW }, NOW + STALLED_UPLOAD_MS + 1)).toBe('failed');
  });
});

describe('creative types select pin kinds', () => {
  it('REGULAR is an image pin, VIDEO a video pin; no filter is every pin; types we do not make match none', () => {
    expect(kindsOf(undefined)).toBeUndefined();
    expect(kindsOf(['REGULAR'])).toEqual(['image']);
    expect(kindsOf(['VIDEO', 'REGULAR', 'IDEA'])).toEqual(['image', 'video']);
    expect(kindsOf(['CAROUSEL', 'IDEA'])).toBeNull();
  });
});

describe("the reference's image sizes", () => {
  const image = (width: number, height: number): MediaImage => ({ url: `https://x/${width}x${height}`, width, height, dominant_color: null });

  it('are taken from the largest of ours that fits the name, and ours keep their own names', () => {
    const sizes = v5Images({
      '60x60': image(60, 60),
      '136x136': image(136, 136),
      '236x': image(236, 300),
      '564x': image(564, 700),
      '736x': image(736, 900),
      orig: image(3000, 3600),
    });
    expect(sizes['150x150']).toEqual({ url: 'https://x/136x136', width: 136, height: 136 });
    expect(sizes['600x']?.width).toBe(564);
    // The original is wider than 1200, so 1200x is the largest that is not.
    expect(sizes['1200x']?.width).toBe(736);
    expect(sizes['orig']?.width).toBe(3000);
    expect(sizes['400x300']).toBeUndefined();
  });

  it('a small original serves every name it fits', () => {
    const sizes = v5Images({ '60x60': image(40, 40), '136x136': image(40, 40), '236x': image(40, 60), '564x': image(40, 60), orig: image(40, 60) });
    expect(sizes['1200x']).toEqual({ url: 'https://x/40x60', width: 40, height: 60 });
    expect(sizes['600x']?.width).toBe(40);
  });
});

describe('public API scopes', () => {
  const token = (scopes: string[]): Actor => ({ kind: 'token', userId: '1', tokenId: '2', scopes });
  const status = (run: () => unknown) => {
    try {
      run();
      return 200;
    } catch (error) {
      return error instanceof AppError ? error.httpStatus : 500;
    }
  };

  it('need a token (a session or a visitor is 401) holding every scope the operation names (else 403)', () => {
    expect(status(() => requireTokenScopes({ kind: 'visitor' }, ['boards:read']))).toBe(401);
    expect(status(() => requireTokenScopes({ kind: 'member', userId: '1', sessionIdHash: 'h', limitedLogin: false, expiresAt: NOW }, ['boards:read']))).toBe(
      401,
    );
    expect(status(() => requireTokenScopes(token(['boards:read']), ['boards:read', 'boards:write']))).toBe(403);
    expect(status(() => requireTokenScopes(token(['boards:read', 'boards:write']), ['boards:read', 'boards:write']))).toBe(200);
  });
});
