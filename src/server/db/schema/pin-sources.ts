import type { Selectable } from 'kysely';

// Pins from web pages and verified websites (migration 0004, docs/decisions/0010-outbound-fetch.md).

/** The page a pin was made from: the spec's attribution, and the schema.org data read from it. */
export type PinSourcesTable = {
  pin_id: string;
  /** The address the member gave. */
  source_url: string;
  canonical_url: string | null;
  image_url: string;
  provider_name: string | null;
  author_name: string | null;
  author_url: string | null;
  /** A Creative Commons licence the page declared (the spec's ccUrl). */
  license_url: string | null;
  /** JSON: {src, type, width, height} of the page's Open Graph video. */
  embed: string | null;
  /** JSON: {product, recipe, article} as read from the page's JSON-LD. */
  rich_metadata: string | null;
  fetched_at: number;
};

/** The code a member puts in a meta tag on a site to verify it; one per member. */
export type SiteVerificationCodesTable = { user_id: string; code: string; created_at: number };

/** A website a member verified: `website` is host[:port][/path], `domain` the host without www. */
export type UserWebsitesTable = { user_id: string; website: string; url: string; domain: string; verified_at: number };

export type PinSource = Selectable<PinSourcesTable>;
export type UserWebsite = Selectable<UserWebsitesTable>;
