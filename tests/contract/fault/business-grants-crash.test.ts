import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { killAfterAcknowledged } from '../../support/crash-child.ts';

const CHILD = path.resolve(import.meta.dirname, 'business-grants-crash.child.ts');

/**
 * kill -9 while a business gives and takes permissions: after a restart each employee's grant is
 * the last acknowledged change or the one under way at the kill, and History's last word on each
 * grant is exactly what the grants table holds: the check and History never disagree.
 */
describe.each(databaseKinds)('business permissions across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  it('keeps every acknowledged permission change, and History agrees with the grants', async () => {
    database = await createTestDatabase(kind);
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    const lines = await killAfterAcknowledged(CHILD, env, /^changed /, 40);
    const [, businessId = '', assetId = ''] = lines.find((l) => l.startsWith('business '))?.split(' ') ?? [];

    server = await createServer(loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error' }));
    const { db } = server.deps;
    const grants = new Map(
      (await db.selectFrom('asset_grants').select(['grantee_id', 'permissions']).where('asset_id', '=', assetId).execute()).map((g) => [
        g.grantee_id,
        JSON.parse(g.permissions) as string[],
      ]),
    );
    const state = (memberId: string) => grants.get(memberId)?.[0] ?? 'none';

    // Per employee: the last acknowledged value, or the one asked after it (it may have committed before the kill).
    const acked = new Map<string, string>();
    const asked = new Map<string, string>();
    for (const line of lines) {
      const [what, memberId = '', value = ''] = line.split(' ');
      if (what === 'changed') acked.set(memberId, value);
      if (what === 'changing') asked.set(memberId, value);
    }
    expect(acked.size).toBe(4);
    const lost = [...acked].filter(([memberId, value]) => state(memberId) !== value && state(memberId) !== asked.get(memberId));
    expect(lost).toEqual([]);

    const history = await db
      .selectFrom('business_history')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('action', '=', 'grant_changed')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const lastWord = new Map<string, string>();
    for (const row of history) {
      const after = row.after === null ? null : (JSON.parse(row.after) as { permissions: string[] });
      lastWord.set(row.subject_id.split(':')[1] ?? '', after?.permissions[0] ?? 'none');
    }
    // Taking a grant that is not there changes nothing and writes no History.
    expect(history.length).toBeGreaterThanOrEqual(20);
    for (const memberId of acked.keys()) expect(lastWord.get(memberId) ?? 'none', memberId).toBe(state(memberId));
    expect([...grants.keys()].filter((id) => !lastWord.has(id))).toEqual([]);
  });
});
