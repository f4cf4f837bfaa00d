import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether dist/ holds the client build of the sources as they are: `npm run build` writes a stamp
 * (a hash of every file the build reads) next to its output, and `npm start` builds only when the
 * stamp is missing or differs (docs/decisions/0038-landing-pins.md, "npm start").
 */

export const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP_FILE = path.join(ROOT, 'dist', '.client-stamp');
/** What the client build reads: its sources, its configuration and the installed versions. */
const INPUT_DIRS = ['src/web', 'src/shared'];
const INPUT_FILES = ['vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** The files the page server loads; a build missing one of them is no build. */
const OUTPUTS = ['dist/client/.vite/manifest.json', 'dist/server/entry-server.js'];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** A hash of the names and contents of every input, in a fixed order. */
export function sourceStamp(): string {
  const files = [
    ...INPUT_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir))),
    ...INPUT_FILES.map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f)),
  ];
  const hash = crypto.createHash('sha256');
  for (const file of files.map((f) => path.relative(ROOT, f)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function buildIsCurrent(stamp: string): boolean {
  if (!OUTPUTS.every((file) => fs.existsSync(path.join(ROOT, file)))) return false;
  return fs.existsSync(STAMP_FILE) && fs.readFileSync(STAMP_FILE, 'utf8').trim() === stamp;
}

export function writeStamp(stamp: string): void {
  fs.writeFileSync(STAMP_FILE, `${stamp}\n`);
}

// `node scripts/client-stamp.ts` (the end of `npm run build`) stamps the build just made.
if (import.meta.filename === process.argv[1]) writeStamp(sourceStamp());
