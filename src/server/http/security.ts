import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Strict headers on every response. Pages load only our own scripts (the bootstrap state is
 * inert JSON), so no inline script is allowed; inline style attributes are, for grid layout.
 */
const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      styleSrcAttr: ["'unsafe-inline'"],
      // https: images: the pin builder shows the pictures of a web page the member pasted (sent
      // without a referrer), as their browser would on the page itself. Scripts stay 'self' only.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  hsts: false,
});

/**
 * Helmet's middleware is built once, here, and run on each request's raw response: its Fastify
 * plugin rebuilt it (parsing and validating every directive) for every request. A route that
 * sets one of these headers itself (media files: their own CSP) overrides it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet throws what goes wrong (Fastify answers it) and calls back with nothing.
    applySecurityHeaders(request.raw, reply.raw, () => {
      done();
    });
  });
}
