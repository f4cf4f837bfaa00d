import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { NOT_SERVED_PATHS, NotServedWithBody, NotServedWithoutBody } from '../../shared/contracts/v5.ts';

const notServed = () => Promise.reject(new AppError('not_found', 'This operation of the reference is not served here.'));

/**
 * The reference's operations whose paths would otherwise be read as one of ours with an id in
 * them (GET /v5/pins/analytics as the pin "analytics", a 400): not found, for every method, with
 * or without a token, like any other path not served.
 */
export function registerV5NotServedRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const path of NOT_SERVED_PATHS) {
    const url = `/v5${path}`;
    typed.route({ method: ['GET', 'DELETE'], url, schema: { hide: true, ...NotServedWithoutBody.schema }, config: { scopes: null }, handler: notServed });
    typed.route({ method: ['POST', 'PUT', 'PATCH'], url, schema: { hide: true, ...NotServedWithBody.schema }, config: { scopes: null }, handler: notServed });
  }
}
