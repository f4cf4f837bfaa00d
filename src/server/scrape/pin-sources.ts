import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PinSource } from '../db/schema/pin-sources.ts';
import type { Database } from '../db/schema.ts';
import type { RichMetadata } from '../../shared/rich-metadata.ts';
import type { PageEmbed, PageMetadata } from './page-metadata.ts';

/** Viewer spec section 3, Pin.attribution (authorName, authorUrl, ccUrl, providerName, url, embed), in snake case. */
export type PinAttribution = {
  author_name: string | null;
  author_url: string | null;
  cc_url: string | null;
  provider_name: string | null;
  /** The page the pin was made from (its canonical address when the page names one). */
  url: string;
  embed: PageEmbed | null;
};

export type PinSourceJson = { attribution: PinAttribution; rich_metadata: RichMetadata | null };

/** The page a new pin came from, kept with the pin in its transaction. */
export async function recordPinSource(trx: Transaction<Database>, pinId: string, page: PageMetadata, sourceUrl: string, imageUrl: string): Promise<void> {
  const rich = page.product || page.recipe || page.article ? JSON.stringify({ product: page.product, recipe: page.recipe, article: page.article }) : null;
  await trx
    .insertInto('pin_sources')
    .values({
      pin_id: pinId,
      source_url: sourceUrl,
      canonical_url: page.canonical_url,
      image_url: imageUrl,
      provider_name: page.site_name ?? page.domain,
      author_name: page.author?.name ?? null,
      author_url: page.author?.url ?? null,
      license_url: page.license_url,
      embed: page.embed ? JSON.stringify(page.embed) : null,
      rich_metadata: rich,
      fetched_at: Date.now(),
    })
    .execute();
}

/** The attribution and rich metadata of each pin that has a source page, in one query. */
export async function loadPinSources(db: Db, pinIds: readonly string[]): Promise<Map<string, PinSourceJson>> {
  if (pinIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('pin_sources')
    .selectAll()
    .where('pin_id', 'in', [...pinIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.pin_id,
      { attribution: presentAttribution(row), rich_metadata: row.rich_metadata ? (JSON.parse(row.rich_metadata) as RichMetadata) : null },
    ]),
  );
}

function presentAttribution(row: PinSource): PinAttribution {
  return {
    author_name: row.author_name,
    author_url: row.author_url,
    cc_url: row.license_url,
    provider_name: row.provider_name,
    url: row.canonical_url ?? row.source_url,
    embed: row.embed ? (JSON.parse(row.embed) as PageEmbed) : null,
  };
}
