import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { pingDatabase } from './health.repo.ts';

/** /healthz: the process answers. /readyz: the database and every port answer. Both answer under load too. */
export function registerHealthRoutes(app: FastifyInstance, deps: Deps): void {
  const config = { exemptFromAdmission: true };
  app.get('/healthz', { schema: { hide: true }, config }, () => Promise.resolve({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true }, config }, async (_request, reply) => {
    const { ports } = deps;
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => pingDatabase(deps.db),
      blobs: () => ports.blobs.ping(),
      queue: () => ports.queue.ping(),
      cache: () => ports.cache.ping(),
      mail: () => ports.mail.ping(),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await check();
          return [name, 'ok'] as const;
        } catch {
          return [name, 'unreachable'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks: Object.fromEntries(results) });
  });
}
