import type { Db } from '../db/database.ts';
import type { DidItRow } from '../db/schema/did-its.ts';
import { AppError } from '../errors.ts';
import type { Reader } from './authorized.ts';
import { visibleDidIt } from './access.repo.ts';

/**
 * The single-read check of a tried-it: it exists for the reader when they may see its pin, no
 * block stands between them and its author, and no operator removed it (but for its author); else
 * not found. The tried-its area, comments on a tried-it and reports of one all ask here.
 */
export async function findVisibleDidIt(db: Db, reader: Reader, id: string): Promise<DidItRow> {
  const row = await visibleDidIt(db, reader, id);
  if (!row) throw new AppError('not_found');
  return row;
}
