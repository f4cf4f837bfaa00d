import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIsCurrent, ROOT, sourceStamp, writeStamp } from './client-stamp.ts';

/**
 * `npm start`: builds the client only when dist/ is not the build of the current sources (a fresh
 * clone has none), then runs the server in this same process, so the signal npm passes on at
 * `npm stop`, Ctrl-C or a SIGTERM reaches the server itself and nothing is left running.
 */

const VITE = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const BUILDS = [['build'], ['build', '--ssr', 'src/web/entry-server.tsx', '--outDir', 'dist/server']];

/** One vite build; a signal while it runs stops it and this process. */
function vite(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE, ...args], { cwd: ROOT, stdio: 'inherit' });
    const stop = (signal: NodeJS.Signals) => {
      child.kill(signal);
      process.exit(1);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    child.once('error', reject);
    child.once('exit', (code) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      if (code === 0) resolve();
      else reject(new Error(`vite ${args.join(' ')} failed (${code ?? 'signal'})`));
    });
  });
}

const stamp = sourceStamp();
if (buildIsCurrent(stamp)) {
  console.warn('Client build is current; not rebuilding.');
} else {
  console.warn('Building the client...');
  for (const args of BUILDS) await vite(args);
  writeStamp(stamp);
}
await import('../src/server/main.ts');
