import type { ResourceName } from '../../shared/contracts/registry.ts';
import { apiFetch, readCookie } from '../api/http.ts';
import type { Viewer } from '../../shared/viewer.ts';

/**
 * How telemetry leaves the page. On unload a keepalive request outlives the page as a beacon does,
 * and unlike navigator.sendBeacon it carries the CSRF header every write needs (decision 0042).
 */
export function sendResource(name: ResourceName, options: unknown, unload: boolean): void {
  apiFetch(`/resource/${name}/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: JSON.stringify({ options, context: {} }) }).toString(),
    keepalive: unload,
  }).catch(() => undefined);
}

/** The viewer's analytics answer (false until chosen): the account's flag, or the banner's cookie for a visitor. */
export function analyticsConsented(viewer: Viewer | null): boolean {
  if (viewer) return viewer.allow_analytic_cookies;
  return /^p[01]\.a1\.m[01]$/.test(readCookie('cb_consent') ?? '');
}
