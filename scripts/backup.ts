import fs from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { loadConfig } from '../src/server/config.ts';

/**
 * Embedded-mode backup: an online, consistent copy of the SQLite database (writers may keep
 * running) plus the media and outbox folders, into the folder given as the only argument.
 */
const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <target folder>');
  process.exit(2);
}
const config = loadConfig();
if (config.database.kind !== 'sqlite') {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump and the bucket with your S3 tooling.');
  process.exit(2);
}
fs.mkdirSync(target, { recursive: true });
const source = new DatabaseSync(config.database.file, { readOnly: true });
await backup(source, path.join(target, path.basename(config.database.file)));
source.close();
for (const folder of ['media', 'outbox']) {
  const from = path.join(config.dataDir, folder);
  if (fs.existsSync(from)) fs.cpSync(from, path.join(target, folder), { recursive: true });
}
process.stdout.write(`Backup written to ${path.resolve(target)}\n`);
