import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Strict headers on every response. Pages load only our own scripts (the bootstrap state is
 * inert JSON), so no inline script is allowed; inline style attributes are, for grid layout.
 */
const securityHeaders = (https: boolean) =>
  helmet({
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
    // Only an instance served over https may tell browsers to refuse plain http for a year; one on a
    // LAN address over http would lock its own visitors out.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
  });

/**
 * Helmet's middleware is built once per app, here, and run on each request's raw response: its Fastify
 * plugin rebuilt it (parsing and validating every directive) for every request. A route that
 * sets one of these headers itself (media files: their own CSP) overrides it.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: URL): void {
  const applySecurityHeaders = securityHeaders(publicUrl.protocol === 'https:');
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet throws what goes wrong (Fastify answers it) and calls back with nothing.
    applySecurityHeaders(request.raw, reply.raw, () => {
      done();
    });
  });
}
