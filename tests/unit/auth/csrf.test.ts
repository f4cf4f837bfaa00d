import { describe, expect, it } from 'vitest';
import { csrfAllows } from '../../../src/server/auth/csrf.ts';
import { safeEqual } from '../../../src/server/common/secrets.ts';

const base = { method: 'POST', header: 'abc', cookie: 'abc', sessionSecret: null, bearer: false };

describe('CSRF double submit', () => {
  it('safe methods need no token', () => {
    expect(csrfAllows({ ...base, method: 'GET', header: undefined, cookie: undefined })).toBe(true);
    expect(csrfAllows({ ...base, method: 'HEAD', header: undefined })).toBe(true);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('%s needs the header equal to the cookie', (method) => {
    expect(csrfAllows({ ...base, method })).toBe(true);
    expect(csrfAllows({ ...base, method, header: undefined })).toBe(false);
    expect(csrfAllows({ ...base, method, cookie: undefined })).toBe(false);
    expect(csrfAllows({ ...base, method, header: 'abd' })).toBe(false);
    expect(csrfAllows({ ...base, method, header: '', cookie: '' })).toBe(false);
  });

  it('a session needs its own token, not just any matching pair', () => {
    expect(csrfAllows({ ...base, header: 's1', cookie: 's1', sessionSecret: 's1' })).toBe(true);
    expect(csrfAllows({ ...base, header: 's2', cookie: 's2', sessionSecret: 's1' })).toBe(false);
  });

  it('bearer-token calls are exempt', () => {
    expect(csrfAllows({ ...base, header: undefined, cookie: undefined, bearer: true })).toBe(true);
  });

  it('the comparison is exact, whatever the lengths', () => {
    expect(safeEqual('token', 'token')).toBe(true);
    expect(safeEqual('token', 'token ')).toBe(false);
    expect(safeEqual('', 'x')).toBe(false);
  });
});
