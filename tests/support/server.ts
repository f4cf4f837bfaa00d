import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { jobHandlers } from '../../src/server/jobs/handlers.ts';
import { createServer, type Server } from '../../src/server/server.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { freePort } from './processes.ts';
import { buildIsCurrent, ROOT, sourceStamp, writeStamp } from '../../scripts/client-stamp.ts';

/** Builds the client when dist/ is not the build of the current sources, so the browser tests run on their own too. */
export function ensureClientBuild(): void {
  const stamp = sourceStamp();
  if (buildIsCurrent(stamp)) return;
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  // Vitest sets NODE_ENV=test, which Vite would honour with React's development build: its extra
  // warnings would fail the journeys' console checks, and the tests would not run what users get.
  const options = { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } } as const;
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'error'], options);
  execFileSync(process.execPath, [vite, 'build', '--ssr', 'src/web/entry-server.tsx', '--outDir', 'dist/server', '--logLevel', 'error'], options);
  writeStamp(stamp);
}

export type RunningServer = { url: string; config: Config; server: Server; errors: string[]; close(): Promise<void> };

/** The whole app listening on 127.0.0.1 at a free port, on a fresh SQLite database; `env` adds settings (EXPERIMENTS, ...). */
export async function startHttpServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const database: TestDatabase = await createTestDatabase('sqlite', { migrated: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: database.dataDir,
    DEMO: 'off',
    LOG_LEVEL: 'error',
    CHECK_ANSWERS: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    // Test apps share two cores with each other and boot in the middle of a run, so a lagging loop
    // is ordinary here; admission control is tested with its own settings (admission.test.ts).
    ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...extraEnv,
  };
  const config: Config = { ...loadConfig(env), database: database.database };
  const errors: string[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
  const server = await createServer(config, log);
  await server.app.listen({ port, host: '127.0.0.1' });
  const worker = server.deps.ports.queue.start({ handlers: jobHandlers(server.deps), pollIntervalMs: 50 });
  return {
    url,
    config,
    server,
    errors,
    async close() {
      await worker.stop();
      await server.close();
      await database.drop();
    },
  };
}
