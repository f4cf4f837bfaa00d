import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { CLIENT_DIR, clientBuild } from '../src/server/pages/client-build.ts';

const BUDGET_BYTES = 100 * 1024;

/**
 * The JavaScript a first visit to the home page loads before it is interactive: the entry with
 * its static imports and the home route's chunks, each gzipped (level 9). Its texts come with the
 * page as JSON (src/web/i18n/i18n.ts), not as a script.
 */
export async function firstLoadJavaScript(): Promise<string> {
  const build = await clientBuild();
  if (!build) return 'First-load JavaScript: no client build (run npm run build)';
  const files = new Set([build.entry.js, ...build.entry.preload, ...build.routeScripts('index')]);
  let gzipped = 0;
  for (const file of files) {
    gzipped += zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length;
  }
  const ratio = gzipped / BUDGET_BYTES;
  return `First-load JavaScript of the home page: ${(gzipped / 1024).toFixed(1)} KiB gzipped in ${files.size} files vs budget 100 KiB = ratio ${ratio.toFixed(2)} (target <= 1.00)`;
}
