/**
 * The public API's paths (docs/decisions/0011-public-api-v5.md): a personal access token is its
 * only authority, never a cookie, and it answers errors as the reference's Error {code, message}.
 */
export const PUBLIC_API_PREFIX = '/v5';

/** Whether a request's URL (path and query) is under the public API, a path it does not serve included. */
export function isPublicApiUrl(url: string): boolean {
  if (!url.startsWith(PUBLIC_API_PREFIX)) return false;
  const next = url.charAt(PUBLIC_API_PREFIX.length);
  return next === '' || next === '/' || next === '?';
}
