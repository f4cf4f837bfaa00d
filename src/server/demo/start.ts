import type { Deps } from '../deps.ts';
import type { DemoCounts } from './plan.ts';
import { generateDemoWorld, type DemoLogin } from './run.ts';
import { DemoStopped } from './world.ts';

export type DemoRun = {
  /** Settles when the generator has finished, given up or been stopped; never rejects. */
  done: Promise<void>;
  /** Stops the generator between two service calls and waits for it (shutdown). */
  stop(): Promise<void>;
};

const PROGRESS_EVERY = 100;

/**
 * At start (DEMO=on): generates the demo world in the background when the database is empty.
 * The server is already listening: painting and processing 1,000 pictures takes a few minutes
 * on a small machine, and the site is usable (and fills in) meanwhile. The login is logged as soon
 * as the demo member exists, and again when the world is complete.
 */
export function startDemoWorld(deps: Deps, counts?: DemoCounts): DemoRun | null {
  if (!deps.config.demo) return null;
  const controller = new AbortController();
  const done = generate(deps, controller.signal, counts);
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}

function loginLine(deps: Deps, login: DemoLogin): string {
  return `${new URL('/login', deps.config.publicUrl).toString()} as ${login.email} / ${login.password}`;
}

async function generate(deps: Deps, signal: AbortSignal, counts: DemoCounts | undefined): Promise<void> {
  const { log } = deps;
  const started = performance.now();
  try {
    const world = await generateDemoWorld(deps, {
      seed: deps.config.demoSeed,
      signal,
      ...(counts ? { counts } : {}),
      onLogin: (login) => {
        log.info({ demo: login }, `Demo world: generating in the background; log in at ${loginLine(deps, login)}`);
      },
      onPins: (made, total) => {
        if (made % PROGRESS_EVERY === 0 || made === total) log.info({ pins: made, of: total }, `Demo world: ${made} of ${total} pins`);
      },
    });
    if (!world) {
      log.debug('Demo world: the database already has members; nothing generated');
      return;
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    log.info({ demo: world.login, made: world.made, timings: world.timings, seconds }, `Demo world ready: log in at ${loginLine(deps, world.login)}`);
  } catch (error) {
    if (error instanceof DemoStopped) {
      log.warn('Demo world: stopped by shutdown before it was complete; what was made stays (start from an empty database to make it again)');
      return;
    }
    log.error({ err: error }, 'Demo world: generation failed; the server runs on without it');
  }
}
