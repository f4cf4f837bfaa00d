import { TOKEN_REFRESH_MAX_DAYS } from './constants.ts';

/**
 * Token refresh of spec section 4: once per page load, a signed-in browser asks the server to
 * renew its session while 1 to 90 days are left; one already past its expiry refreshes the
 * accounts stored for the browser instead. Pure, so the rule is tested without a browser.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The experiment that gates the refresh; while it is not running every browser is in 'enabled'. */
export const TOKEN_REFRESH_EXPERIMENT = 'web_token_refresh';

export const TOKEN_REFRESH_PATH = '/refresh_token';
export const STORED_ACCOUNTS_REFRESH_PATH = '/refresh_stored_accounts';

/** Whole days left, rounded up: a session with hours to go still counts one day, so it is renewed. */
export function daysToExpiration(expiresAt: number, now: number): number {
  return Math.ceil((expiresAt - now) / DAY_MS);
}

/** Spec section 6: groups starting with enabled or employee count as enabled. */
export function isEnabledGroup(group: string): boolean {
  return group.startsWith('enabled') || group.startsWith('employee');
}

export type TokenRefreshInput = {
  isAuthenticated: boolean;
  daysToExpiration: number | null;
  /** The viewer's group of TOKEN_REFRESH_EXPERIMENT. */
  group: string;
};

/** The path to call (fire and forget), or null when nothing is due. */
export function tokenRefreshCall(input: TokenRefreshInput): string | null {
  const days = input.daysToExpiration;
  if (!input.isAuthenticated || days === null) return null;
  if (input.group === 'enabled_proactive') return TOKEN_REFRESH_PATH;
  if (days <= 0) return STORED_ACCOUNTS_REFRESH_PATH;
  if (days <= TOKEN_REFRESH_MAX_DAYS && isEnabledGroup(input.group)) return TOKEN_REFRESH_PATH;
  return null;
}
