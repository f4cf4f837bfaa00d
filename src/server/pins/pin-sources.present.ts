import type { Db } from '../db/database.ts';
import type { PinSource } from '../db/schema/pin-sources.ts';
import type { PageEmbed, PinAttribution } from '../../shared/contracts/pin-sources.ts';
import type { RichMetadata } from '../../shared/rich-metadata.ts';
import { pinSourceRows } from './pin-sources.repo.ts';

export type PinSourceJson = { attribution: PinAttribution; rich_metadata: RichMetadata | null };

/** The attribution and rich metadata of each pin that has a source page, in one query. */
export async function loadPinSources(db: Db, pinIds: readonly string[]): Promise<Map<string, PinSourceJson>> {
  const rows = await pinSourceRows(db, pinIds);
  return new Map(
    rows.map((row) => [
      row.pin_id,
      // Written by us from the page's parsed JSON-LD (scrape/page-source.ts), never by a client.
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
