import { VISITOR } from '../../../src/server/access/authorized.ts';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { migrations, openDatabase, type Db } from '../../../src/server/db/database.ts';
import { newId } from '../../../src/server/db/ids.ts';
import { searchBoards } from '../../../src/server/search/board-user-search.ts';
import { searchPins } from '../../../src/server/search/pin-search.ts';
import { indexBoard } from '../../../src/server/search/search-index.ts';
import { reindexWaitingPins } from '../../../src/server/search/stale-pins.ts';
import { visibleAfter } from '../../../src/server/search/visible-page.ts';
import { insertUser } from '../../../src/server/users/users.repo.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';

/*
 * Migration 0012 on a database indexed the old way (English stems by the engines, unstemmed
 * documents): documents stay searchable by their words as written, are marked for the reindex
 * job, which stems them in their creator's language; ranking columns and the boards' one-letter
 * prefixes are there at once.
 */

/** A French member's public pin, indexed as migration 0006 left documents. */
async function oldContent(db: Db): Promise<{ pinId: string; boardId: string; createdAt: number }> {
  const now = Date.now();
  const userId = newId();
  await insertUser(db, {
    id: userId,
    email: 'ancien@example.com',
    username: 'ancien',
    password_hash: null,
    first_name: 'Anne',
    last_name: 'Cien',
    country: 'FR',
    locale: 'fr',
    gender: null,
    custom_gender: null,
    birthday: '1990-01-01',
    is_partner: 0,
    business_name: null,
    is_employee: 0,
    email_verified_at: now,
    allow_personalization_cookies: 0,
    allow_analytic_cookies: 0,
    allow_marketing_cookies: 0,
    mfa_secret: null,
    signup_source: null,
    created_at: now,
    updated_at: now,
  });
  const boardId = newId();
  await db
    .insertInto('boards')
    .values({ id: boardId, owner_id: userId, name: 'Recettes', slug: 'recettes', privacy: 'public', created_at: now, updated_at: now })
    .execute();
  await indexBoard(db, boardId);
  const pinId = newId();
  const createdAt = now - 86_400_000;
  await db
    .insertInto('pins')
    .values({
      id: pinId,
      creator_id: userId,
      title: 'Gâteaux aux marrons',
      kind: 'image',
      link: null,
      domain: null,
      media_id: null,
      save_count: 1,
      created_at: createdAt,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  await db.insertInto('board_pins').values({ id: newId(), pin_id: pinId, board_id: boardId, section_id: null, saved_by: userId, created_at: now }).execute();
  await sql`INSERT INTO search_pins (pin_id, title, description, boards, product, domain, terms, is_public, is_video, is_product, price, in_stock, indexed_at)
    VALUES (${pinId}, 'gateaux aux marrons', '', 'recettes', '', '', 'gateaux aux marrons recettes', 1, 0, 0, NULL, NULL, ${now})`.execute(db);
  return { pinId, boardId, createdAt };
}

describe.each(databaseKinds)('search migration 0012 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    await database.drop();
  });

  it('keeps old documents found by their words, then stems them by the job; adds ranking columns and one-letter prefixes', async () => {
    database = await createTestDatabase(kind);
    const handle = openDatabase(database.database);
    const migrator = new Migrator({ db: handle.db, provider: migrations(handle.dialect) });
    expect((await migrator.migrateTo('0011-reactions')).error).toBeUndefined();
    const old = await oldContent(handle.db);
    await handle.db.destroy();

    server = await createServer({ ...loadConfig({ DATA_DIR: database.dataDir, DEMO: 'off', LOG_LEVEL: 'error' }), database: database.database }, undefined, {
      recommends: false,
    });
    const { deps } = server;
    const found = async (tokens: string[]) =>
      (await visibleAfter(await searchPins(deps, VISITOR, { tokens, kind: 'all', savedBy: null, product: null }, Date.now()), null, 10)).map((r) => r.id);

    expect(await deps.db.selectFrom('search_pending_pins').select('pin_id').execute()).toEqual([{ pin_id: old.pinId }]);
    expect(await deps.db.selectFrom('search_pins').select(['save_count', 'created_at']).executeTakeFirst()).toEqual({
      save_count: 1,
      created_at: old.createdAt,
    });
    expect(await found(['gateaux', 'marrons'])).toEqual([old.pinId]);

    expect(await reindexWaitingPins(deps.db)).toBe(1);
    expect(await deps.db.selectFrom('search_pins').select(['title', 'terms']).executeTakeFirst()).toEqual({
      title: 'gateau aux marron',
      terms: 'gateaux aux marrons recettes',
    });
    expect(await found(['gateau', 'marron'])).toEqual([old.pinId]);
    expect(await found(['gateaux', 'recette'])).toEqual([old.pinId]);
    expect(await found(['gateaux', 'cheval'])).toEqual([]);
    expect((await searchBoards(deps, VISITOR, ['r'], 'last')).map((b) => b.id)).toEqual([old.boardId]);
  });
});
