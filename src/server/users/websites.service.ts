import { randomBytes } from 'node:crypto';
import type { VerificationCode, WebsiteSummary } from '../../shared/contracts/users.ts';
import type { Actor } from '../access/actor.ts';
import { enforceRateLimit } from '../auth/rate-limits.ts';
import type { Db } from '../db/database.ts';
import type { UserWebsite } from '../db/schema/pin-sources.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { fetchPage } from '../outbound/fetch-page.ts';
import { outboundPolicy } from '../outbound/guarded-fetch.ts';
import { readHtml } from '../scrape/html-reader.ts';

/**
 * Website verification, the public API's way (reference: /user_account/websites): each member
 * has one verification code; they put it in a meta tag on the home page of their site, and a
 * verify call fetches the page through the outbound guard and records the site when the tag is
 * there. Spec section 4: a verified domain is added to verified_user_websites and sets
 * is_any_website_verified; unverifying removes it.
 */
export const VERIFICATION_META_NAME = 'corkboard-site-verification';

/** A member's browser, or a token with the public API's user_accounts scope. */
function accountOf(actor: Actor, access: 'read' | 'write'): string {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  if (actor.kind === 'token' && !actor.scopes.includes(`user_accounts:${access}`)) {
    throw new AppError('forbidden', `This needs the user_accounts:${access} scope.`);
  }
  return actor.userId;
}

/** The member's code, made on first request and kept, so a tag once placed stays valid. */
export async function getVerificationCode(deps: Deps, actor: Actor): Promise<VerificationCode> {
  const userId = accountOf(actor, 'read');
  await deps.db
    .insertInto('site_verification_codes')
    .values({ user_id: userId, code: randomBytes(16).toString('hex'), created_at: Date.now() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const { code } = await deps.db.selectFrom('site_verification_codes').select('code').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { verification_code: code, metatag: `<meta name="${VERIFICATION_META_NAME}" content="${code}"/>` };
}

export type WebsiteAddress = { website: string; url: string; domain: string };

/**
 * A website as members give it (example.com, https://www.example.com/shop/): `website` is
 * host[:port][/path] with the host lower-cased, `url` the address fetched (https unless http was
 * given), `domain` the host without www. Queries and fragments are dropped.
 */
export function websiteAddress(input: string): WebsiteAddress {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new AppError('bad_request', 'website: Please enter a website such as example.com.');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username !== '' || url.password !== '') {
    throw new AppError('bad_request', 'website: Please enter a website such as example.com.');
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { website: `${url.host}${path}`, url: `${url.origin}${path || '/'}`, domain: url.hostname.replace(/^www\./, '') };
}

/**
 * Verify: the site's page must carry the member's code in `<meta name="corkboard-site-verification">`
 * and still be on the same domain after redirects (a redirect elsewhere proves nothing about this
 * one). Verifying again refreshes the time. Failures are 400s that say what was missing.
 */
export async function verifyWebsite(deps: Deps, actor: Actor, input: string): Promise<WebsiteSummary> {
  const userId = accountOf(actor, 'write');
  const site = websiteAddress(input);
  const { verification_code: code } = await getVerificationCode(deps, actor);
  await enforceRateLimit(deps, 'outboundFetch', userId);
  const page = await fetchPage(outboundPolicy(deps.config), site.url);
  if (page.url.hostname.replace(/^www\./, '') !== site.domain) {
    throw new AppError('bad_request', `${site.website} redirected to ${page.url.hostname}; verify the site it ends up on instead.`);
  }
  const tags = readHtml(page.html)
    .metas.filter((m) => m.key === VERIFICATION_META_NAME)
    .map((m) => m.content.trim());
  if (!tags.includes(code)) {
    throw new AppError(
      'bad_request',
      `We couldn't find your verification tag on ${site.website}. Add <meta name="${VERIFICATION_META_NAME}" content="${code}"/> to the page's <head> and try again.`,
    );
  }
  const row: UserWebsite = { user_id: userId, ...site, verified_at: Date.now() };
  await deps.db
    .insertInto('user_websites')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'website']).doUpdateSet({ url: row.url, domain: row.domain, verified_at: row.verified_at }))
    .execute();
  return summaryOf(row);
}

/** Unverify: the website leaves the member's list; one that is not there is not found. */
export async function unverifyWebsite(deps: Deps, actor: Actor, input: string): Promise<void> {
  const userId = accountOf(actor, 'write');
  const { website } = websiteAddress(input);
  const removed = await deps.db.deleteFrom('user_websites').where('user_id', '=', userId).where('website', '=', website).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new AppError('not_found', 'Website not in user list.');
}

export async function listWebsites(deps: Deps, actor: Actor): Promise<WebsiteSummary[]> {
  return (await verifiedWebsites(deps.db, accountOf(actor, 'read'))).map(summaryOf);
}

/** A member's verified websites, most recently verified first. */
export async function verifiedWebsites(db: Db, userId: string): Promise<UserWebsite[]> {
  return db.selectFrom('user_websites').selectAll().where('user_id', '=', userId).orderBy('verified_at', 'desc').orderBy('website').execute();
}

function summaryOf(row: UserWebsite): WebsiteSummary {
  return { website: row.website, status: 'success', verified_at: new Date(row.verified_at).toISOString() };
}
