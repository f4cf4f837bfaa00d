import type { Reader } from '../access/authorized.ts';
import type { Db } from '../db/database.ts';
import type { DidItCounts } from '../../shared/did-it.ts';

/** A pin's aggregatedPinData.didItData and the reader's doneByMe (the tried area keeps both tables, decision 0045). */
export type PinDidItData = { did_it_data: DidItCounts; done_by_me: boolean };

/** Each pin's tried-it counts and whether the reader tried it, in two queries whatever the number of pins. */
export async function loadPinDidItData(db: Db, reader: Reader, pinIds: readonly string[]): Promise<Map<string, PinDidItData>> {
  const out = new Map<string, PinDidItData>(pinIds.map((id) => [id, { did_it_data: { user_count: 0, images_count: 0 }, done_by_me: false }]));
  if (pinIds.length === 0) return out;
  const ids = [...new Set(pinIds)];
  const [counts, mine] = await Promise.all([
    db.selectFrom('pin_did_it_counts').select(['pin_id', 'user_count', 'images_count']).where('pin_id', 'in', ids).execute(),
    reader.userId === null ? [] : db.selectFrom('did_its').select('pin_id').where('user_id', '=', reader.userId).where('pin_id', 'in', ids).execute(),
  ]);
  for (const row of counts) {
    const pin = out.get(row.pin_id);
    if (pin) pin.did_it_data = { user_count: row.user_count, images_count: row.images_count };
  }
  for (const row of mine) {
    const pin = out.get(row.pin_id);
    if (pin) pin.done_by_me = true;
  }
  return out;
}
