import type { ResourceName } from '../../shared/contracts/registry.ts';
import { apiFetch, readCookie } from '../api/http.ts';
import { CONSENT_COOKIE, parseConsentCookie } from '../../shared/consent.ts';
import type { Viewer } from '../../shared/viewer.ts';

/**
 * How telemetry leaves the page: as a keepalive request, which outlives the page as a beacon does
 * (a navigation right after start-up must not cancel an exposure) and, unlike navigator.sendBeacon,
 * carries the CSRF header every write needs (decision 0042). Batches stay far below its 64 KB.
 */
export function sendResource(name: ResourceName, options: unknown): void {
  // Offline the request can only fail (and the browser logs it); the day's aggregates bear the gap.
  if (!navigator.onLine) return;
  apiFetch(`/resource/${name}/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: JSON.stringify({ options, context: {} }) }).toString(),
    keepalive: true,
  }).catch(() => undefined);
}

/** The viewer's analytics answer (false until chosen): the account's flag, or the banner's cookie for a visitor. */
export function analyticsConsented(viewer: Viewer | null): boolean {
  if (viewer) return viewer.allow_analytic_cookies;
  return parseConsentCookie(readCookie(CONSENT_COOKIE))?.analytics ?? false;
}
