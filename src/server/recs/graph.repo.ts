import type { Db } from '../db/database.ts';
import { createGraphBuilder } from './csr.ts';
import { PinBoardGraph } from './graph.ts';

/** Rows read per query while building: a page, never the whole table at once. */
const PAGE_SIZE = 10_000;
/** Ids per `in (...)` list, well under both databases' limits on bound parameters. */
const CHUNK = 500;

/**
 * The public saves of live pins: the only edges of the shared graph. A save on a secret board
 * never enters it, so it cannot change what anyone else is recommended.
 */
function publicSaves(db: Db) {
  return db
    .selectFrom('board_pins as bp')
    .innerJoin('boards as b', 'b.id', 'bp.board_id')
    .innerJoin('pins as p', 'p.id', 'bp.pin_id')
    .where('b.privacy', '=', 'public')
    .where('p.deleted_at', 'is', null);
}

/**
 * The graph from the database, read in pages by save id. Save ids are time-ordered, so the saves
 * arrive about oldest first, which is the order the builder wants (it makes rows newest first).
 * Between pages the event loop gets a turn, so a server building a large graph still answers.
 */
export async function loadGraph(db: Db): Promise<PinBoardGraph> {
  const builder = createGraphBuilder(PAGE_SIZE);
  let after = '';
  for (;;) {
    const rows = await publicSaves(db).select(['bp.id', 'bp.pin_id', 'bp.board_id']).where('bp.id', '>', after).orderBy('bp.id').limit(PAGE_SIZE).execute();
    for (const row of rows) builder.addSaveIds(row.pin_id, row.board_id);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_SIZE) break;
    after = last.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return new PinBoardGraph(builder.build());
}

/** Each pin's public boards, newest save first (a pin with none is absent). */
export async function publicBoardsOfPins(db: Db, pinIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const chunk of chunks(pinIds)) {
    const rows = await publicSaves(db)
      .select(['bp.pin_id', 'bp.board_id'])
      .where('bp.pin_id', 'in', chunk)
      .orderBy('bp.created_at', 'desc')
      .orderBy('bp.id', 'desc')
      .execute();
    for (const row of rows) push(out, row.pin_id, row.board_id);
  }
  return out;
}

/** Each board's pins, newest save first, for the boards that are public (others are absent). */
export async function publicPinsOfBoards(db: Db, boardIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const chunk of chunks(boardIds)) {
    const rows = await publicSaves(db)
      .select(['bp.pin_id', 'bp.board_id'])
      .where('bp.board_id', 'in', chunk)
      .orderBy('bp.created_at', 'desc')
      .orderBy('bp.id', 'desc')
      .execute();
    for (const row of rows) push(out, row.board_id, row.pin_id);
  }
  return out;
}

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
