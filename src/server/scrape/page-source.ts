import type { Db } from '../db/database.ts';
import { insertPinSource } from '../pins/pin-sources.repo.ts';
import type { PageMetadata } from './page-metadata.ts';

/** The page a new pin came from, kept with the pin in its transaction: its attribution and schema.org data. */
export async function recordPinSource(trx: Db, pinId: string, page: PageMetadata, sourceUrl: string, imageUrl: string): Promise<void> {
  const rich = page.product || page.recipe || page.article ? JSON.stringify({ product: page.product, recipe: page.recipe, article: page.article }) : null;
  await insertPinSource(trx, {
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
  });
}
