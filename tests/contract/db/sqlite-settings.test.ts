import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../src/server/db/sqlite-adapter.ts';

/*
 * The embedded database's connection settings: a write-ahead log with full syncs (durable
 * commits beside readers), foreign keys, and reads through a memory map (decision 0031).
 */
describe('the embedded database connection', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-sqlite-settings-'));
  const db = openSqlite(path.join(dir, 'corkboard.db'));
  afterAll(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const pragma = (name: string) => Object.values(db.raw.prepare(`PRAGMA ${name}`).get() ?? {})[0];

  it('logs ahead, syncs fully and keeps foreign keys', () => {
    expect(pragma('journal_mode')).toBe('wal');
    expect(pragma('synchronous')).toBe(2);
    expect(pragma('foreign_keys')).toBe(1);
  });

  it('maps the file for reading, as far as its SQLite allows (just under 2 GiB in Node)', () => {
    expect(pragma('mmap_size')).toBe(0x7fff0000);
  });
});
