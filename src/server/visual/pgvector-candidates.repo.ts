import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SharedCandidates } from './neighbour-graph.ts';

/**
 * The HNSW search's beam: at least as wide as the in-memory graph's (256), and as wide as the
 * candidates asked for up to pgvector's limit of 1000; beyond that, its iterative scan goes on
 * until the count is reached. The order may be relaxed: the feature table ranks the candidates.
 */
const EF_SEARCH_MIN = 256;
const EF_SEARCH_MAX = 1000;

/** Candidates from `visual_vectors` (visual-vectors.ts), products from their own partial index. */
export function createPgvectorCandidates(db: Db): SharedCandidates {
  return {
    async candidates(vector, count, productsOnly) {
      const embedding = `[${vector.join(',')}]`;
      const beam = Math.min(EF_SEARCH_MAX, Math.max(EF_SEARCH_MIN, count));
      const rows = await db.transaction().execute(async (trx) => {
        await sql`select set_config('hnsw.ef_search', ${String(beam)}, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`.execute(trx);
        const products = productsOnly ? sql`where product` : sql``;
        // As text: the pool reads bigint as a JavaScript number, which cannot hold a 63-bit id.
        const found = await sql<{
          id: string;
        }>`select pin_id::text as id from visual_vectors ${products} order by embedding <-> cast(${embedding} as halfvec) limit ${count}`.execute(trx);
        return found.rows;
      });
      return BigUint64Array.from(rows, (row) => BigInt(row.id));
    },
  };
}
