import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../deps.ts';

/**
 * Scratch files of the media pipeline live under DATA_DIR/tmp (uploads being received, work
 * folders of ffmpeg), on the same disk as the data rather than in a system /tmp that may be a
 * small memory filesystem. Each is removed when its request or job ends; what a crash leaves
 * is swept at the next start.
 */
export type ScratchArea = 'uploads' | 'work';

export async function scratchDir(deps: Deps, area: ScratchArea): Promise<string> {
  const dir = path.join(deps.config.dataDir, 'tmp', area);
  await fsp.mkdir(dir, { recursive: true });
  return dir;
}

export type ScratchFile = { path: string; size: number; remove(): Promise<void> };

/** Streams into a new scratch file; a failing source leaves nothing behind. */
export async function writeScratchFile(deps: Deps, source: Readable | Buffer): Promise<ScratchFile> {
  const file = path.join(await scratchDir(deps, 'uploads'), `upload-${randomBytes(12).toString('hex')}`);
  const remove = () => fsp.rm(file, { force: true });
  try {
    if (Buffer.isBuffer(source)) await fsp.writeFile(file, source, { flag: 'wx' });
    else await pipeline(source, fs.createWriteStream(file, { flags: 'wx' }));
    const { size } = await fsp.stat(file);
    return { path: file, size, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

const STALE_MS = 6 * 3_600_000;

/** Removes scratch entries older than six hours: leftovers of a process that was killed. */
export async function sweepScratch(deps: Deps, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const area of ['uploads', 'work'] as const) {
    const dir = await scratchDir(deps, area);
    for (const name of await fsp.readdir(dir)) {
      const entry = path.join(dir, name);
      const stat = await fsp.stat(entry).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_MS) {
        await fsp.rm(entry, { recursive: true, force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
