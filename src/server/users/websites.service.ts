import { randomBytes } from 'node:crypto';
import type { VerificationCode, WebsiteSummary } from '../../shared/contracts/users.ts';
import type { Actor } from '../access/actor.ts';
import { requireScope, type SignedIn } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import type { UserWebsite } from '../db/schema/pin-sources.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readHtml } from '../outbound/html-reader.ts';
import { readWebPage } from '../outbound/web-page.ts';
import { deleteWebsite, upsertWebsite, verificationCodeOf, verifiedWebsites } from './websites.repo.ts';

/**
 * Website verification, the public API's way (reference: /user_account/websites): each member
 * has one verification code; they put it in a meta tag on the home page of their site, and a
 * verify call fetches the page through the outbound guard and records the site when the tag is
 * there. Spec section 4: a verified domain is added to verified_user_websites and sets
 * is_any_website_verified; unverifying removes it.
 */
export const VERIFICATION_META_NAME = 'corkboard-site-verification';

/** The member's code, made on first request and kept, so a tag once placed stays valid. */
async function codeOf(deps: Deps, member: SignedIn): Promise<string> {
  return verificationCodeOf(deps.db, member.userId, randomBytes(16).toString('hex'), Date.now());
}

/** A member's browser, or a token with the public API's user_accounts:read scope. */
export async function getVerificationCode(deps: Deps, actor: Actor): Promise<VerificationCode> {
  const code = await codeOf(deps, requireScope(actor, 'user_accounts:read'));
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
  const member = requireScope(actor, 'user_accounts:write');
  const site = websiteAddress(input);
  // A missing tag is answered with the code, which the read scope guards.
  const code = await codeOf(deps, requireScope(actor, 'user_accounts:read'));
  const page = await readWebPage(deps, member.userId, site.url, (html, url) => ({ url, metas: readHtml(html).metas }));
  if (page.url.hostname.replace(/^www\./, '') !== site.domain) {
    throw new AppError('bad_request', `${site.website} redirected to ${page.url.hostname}; verify the site it ends up on instead.`);
  }
  const tags = page.metas.filter((m) => m.key === VERIFICATION_META_NAME).map((m) => m.content.trim());
  if (!tags.includes(code)) {
    throw new AppError(
      'bad_request',
      `We couldn't find your verification tag on ${site.website}. Add <meta name="${VERIFICATION_META_NAME}" content="${code}"/> to the page's <head> and try again.`,
    );
  }
  const row: UserWebsite = { user_id: member.userId, ...site, verified_at: Date.now() };
  await transact(deps.db, async (trx) => {
    await upsertWebsite(trx, row);
    await deps.events.record(trx, member.userId, { type: 'website.changed', userId: member.userId, verified: true });
  });
  return summaryOf(row);
}

/** Unverify: the website leaves the member's list; one that is not there is not found. */
export async function unverifyWebsite(deps: Deps, actor: Actor, input: string): Promise<void> {
  const member = requireScope(actor, 'user_accounts:write');
  const { website } = websiteAddress(input);
  await transact(deps.db, async (trx) => {
    if (!(await deleteWebsite(trx, member.userId, website))) throw new AppError('not_found', 'Website not in user list.');
    await deps.events.record(trx, member.userId, { type: 'website.changed', userId: member.userId, verified: false });
  });
}

export async function listWebsites(deps: Deps, actor: Actor): Promise<WebsiteSummary[]> {
  return (await verifiedWebsites(deps.db, requireScope(actor, 'user_accounts:read').userId)).map(summaryOf);
}

function summaryOf(row: UserWebsite): WebsiteSummary {
  return { website: row.website, status: 'success', verified_at: new Date(row.verified_at).toISOString() };
}
