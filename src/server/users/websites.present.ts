import type { Viewer } from '../../shared/viewer.ts';
import type { UserWebsite } from '../db/schema/pin-sources.ts';

/** The viewer's website fields (spec section 3 Viewer and section 4 user record). */
export type ViewerWebsites = Pick<Viewer, 'verified_user_websites' | 'is_any_website_verified' | 'domain_url' | 'domain_verified'>;

export const NO_WEBSITES: ViewerWebsites = { verified_user_websites: [], is_any_website_verified: false, domain_url: null, domain_verified: false };

/**
 * Spec section 4: a verified domain is in verified_user_websites and sets is_any_website_verified;
 * an unverified one is not. The domain shown is the website of the member's profile, else the
 * site they verified last; it is verified when its host (without www) is one they verified.
 */
export function presentWebsites(verified: readonly UserWebsite[], profileWebsite: string | null): ViewerWebsites {
  const domains = new Set(verified.map((w) => w.domain));
  const domainUrl = profileWebsite ?? verified[0]?.url ?? null;
  return {
    verified_user_websites: verified.map((w) => w.website),
    is_any_website_verified: verified.length > 0,
    domain_url: domainUrl,
    domain_verified: domainUrl !== null && domains.has(hostOf(domainUrl)),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
