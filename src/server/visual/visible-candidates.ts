import type { Db } from '../db/database.ts';
import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { Reader } from '../access/authorized.ts';
import { productFacts, type ProductFacts } from './product-facets.ts';
import { listablePinRows, listableProductRows } from './visual-search.repo.ts';

/** A pin of the results the reader may see, with what it sells when it is a product. */
export type Candidate = { pin: Pin; product: ProductFacts | null };

/**
 * Which of these pins the reader may see, by the pin policy (privacy, blocks either way, deleted,
 * hidden by the reader) and without unsafe pins, as every feed filters. One query; the product
 * facts ride along only when shopping.
 */
export async function visibleCandidates(db: Db, reader: Reader, ids: readonly string[], shopping: boolean): Promise<Map<string, Candidate>> {
  if (!shopping) {
    const rows = await listablePinRows(db, reader, ids);
    return new Map(rows.map((pin) => [pin.id, { pin, product: null }]));
  }
  const rows = await listableProductRows(db, reader, ids);
  return new Map(rows.map(({ rich_metadata, terms, ...pin }) => [pin.id, { pin, product: productFacts(rich_metadata, pin.domain, terms) }]));
}
