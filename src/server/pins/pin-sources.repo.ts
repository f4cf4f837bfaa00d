import type { Db } from '../db/database.ts';
import type { PinSource } from '../db/schema/pin-sources.ts';

/** The page a new pin came from; call in the pin's own transaction. */
export async function insertPinSource(db: Db, row: PinSource): Promise<void> {
  await db.insertInto('pin_sources').values(row).execute();
}

/** The source pages of the pins among `pinIds` that have one. */
export async function pinSourceRows(db: Db, pinIds: readonly string[]): Promise<PinSource[]> {
  if (pinIds.length === 0) return [];
  return db
    .selectFrom('pin_sources')
    .selectAll()
    .where('pin_id', 'in', [...pinIds])
    .execute();
}
