import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from './wait.ts';

export type FolderEvent = { type: 'rename' | 'change'; name: string };

/**
 * Records what happens to the entries of one folder. On Linux (inotify) every write to a file is a
 * 'change' event under its name, in order, so a file that was only ever renamed into place shows
 * no 'change' under its final name: nobody could have seen it half-written.
 */
export function watchFolder(dir: string): { events: FolderEvent[]; settle(): Promise<void>; close(): void } {
  const events: FolderEvent[] = [];
  const watcher = fs.watch(dir, (type, name) => {
    if (name) events.push({ type, name });
  });
  return {
    events,
    /** Waits until every event before this call has arrived (events of one folder keep their order). */
    async settle() {
      const marker = `.settle-${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(path.join(dir, marker), '');
      await waitFor('the folder events', () => events.some((e) => e.name === marker));
      fs.rmSync(path.join(dir, marker));
    },
    close() {
      watcher.close();
    },
  };
}
