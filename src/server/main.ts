import { instanceKeys } from './notifications/instance-keys.ts';
import { scheduleNewsMail } from './notifications/mail.job.ts';
import { wakePush } from './notifications/push.job.ts';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { startDemoWorld } from './demo/start.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { scheduleSearchReindex } from './search/stale-pins.ts';
import { schedulePrune } from './events/retention.ts';
import { createLogger, createServer } from './server.ts';

/**
 * `node src/server/main.ts` serves HTTP and runs jobs; `--role web` only serves, `--role worker`
 * only runs jobs. SIGTERM and SIGINT drain in-flight requests and jobs before exiting.
 */
const SHUTDOWN_DEADLINE_MS = 25_000;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
  const role = values.role;
  if (role !== 'all' && role !== 'web' && role !== 'worker') throw new ConfigError(`Unknown --role ${role}`);

  const config = loadConfig();
  const log = createLogger(config);
  const server = await createServer(config, log, { serves: role !== 'worker', works: role !== 'web' });
  const worker = role === 'web' ? null : server.deps.ports.queue.start({ handlers: jobHandlers(server.deps) });
  // Pins from before migration 0006, or left stale by a crash, wait for the reindex job.
  if (worker) {
    await scheduleSearchReindex(server.deps);
    await schedulePrune(server.deps);
    // News owed by push or mail from before a restart (docs/decisions/0053-push-and-email.md).
    await wakePush(server.deps);
    await scheduleNewsMail(server.deps);
  }
  // The first start of an instance makes its VAPID and unsubscribe keys; later starts read them.
  await instanceKeys(server.deps);
  if (role !== 'worker') {
    await server.app.listen({ port: config.port, host: config.host });
  }
  log.info({ role, database: config.database.kind, url: config.publicUrl.origin }, 'Corkboard started');
  // A serving node makes the demo world of an empty database, after it listens (docs/decisions/0012-demo-world.md).
  const demo = role === 'worker' ? null : startDemoWorld(server.deps);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // A stuck request or job must not keep the process alive for ever.
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    // Keep-alive connections turn idle as their last response goes out; close them as they do.
    const idleCloser = setInterval(() => {
      server.app.server.closeIdleConnections();
    }, 100);
    await demo?.stop();
    await worker?.stop();
    await server.close();
    clearInterval(idleCloser);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
