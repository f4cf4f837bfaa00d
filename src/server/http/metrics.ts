import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../errors.ts';
import { metricsAccess, type MetricsAccessSettings } from './metrics-access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads the Authorization header itself; no actor is resolved from it. */
    ownAuthorization?: boolean;
  }
}

/**
 * Prometheus text at /metrics: process metrics and request durations by route and status, for the
 * listed addresses and the token's holders only. Everyone else gets the 404 of a path that does not exist.
 */
export function registerMetrics(app: FastifyInstance, settings: MetricsAccessSettings): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const mayRead = metricsAccess(settings);

  app.addHook('onResponse', async (request, reply) => {
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // The scraper's bearer token is ours, not a personal access token: the auth hook leaves it alone.
  app.get('/metrics', { schema: { hide: true }, config: { ownAuthorization: true, exemptFromAdmission: true } }, async (request, reply) => {
    if (!mayRead(request.ip, request.headers.authorization)) throw new AppError('not_found');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
