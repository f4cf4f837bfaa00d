import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even when the node sheds load: health checks and the metrics scrape. */
    exemptFromAdmission?: boolean;
  }
}

/** Long enough for the loop to drain a burst, short enough that a retrying client comes back soon. */
const RETRY_AFTER_SECONDS = 1;

const refusal = () => new AppError('unavailable', undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS });

const isExempt = (request: FastifyRequest) => request.routeOptions.config.exemptFromAdmission === true;

/**
 * Admission control (docs/decisions/0037-admission-control.md): while the event loop lags or too
 * many requests are in progress, a new request is refused at once with 503 and Retry-After in its
 * protocol's envelope, instead of waiting in a queue it would leave only after its client gave up.
 * A lagging loop refuses only while a backlog stands behind it (`minInFlight`): one page load on a
 * busy machine, or the first render after a start, lags too, and refusing its images helps no one.
 * Registered before the cookie and session hooks, so a refusal costs no database read.
 */
export async function registerAdmissionControl(app: FastifyInstance, settings: Config['admission']): Promise<void> {
  const inFlight = countInFlight(app);
  if (settings.maxEventLoopDelayMs > 0 || settings.maxEventLoopUtilization > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: settings.maxEventLoopDelayMs,
      maxEventLoopUtilization: settings.maxEventLoopUtilization,
      // The utilization of the last sample, not the average since boot.
      eventLoopUtilizationMode: 'interval',
      sampleInterval: settings.sampleIntervalMs,
      exposeStatusRoute: false,
      pressureHandler: (request) => (isExempt(request) || inFlight() < settings.minInFlight ? undefined : Promise.reject(refusal())),
    });
  }
  if (settings.maxInFlight > 0) {
    app.addHook('onRequest', (request, _reply, done) => {
      done(!isExempt(request) && inFlight() > settings.maxInFlight ? refusal() : undefined);
    });
  }
}

/** Counts the requests begun and not yet answered (this one included): the queue the node has taken on. */
function countInFlight(app: FastifyInstance): () => number {
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (!isExempt(request)) {
      inFlight += 1;
      // 'close' comes once for an answered request and for an abandoned one alike.
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
    }
    done();
  });
  return () => inFlight;
}
