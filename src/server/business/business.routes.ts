import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { BusinessHistoryCsvRoute } from '../../shared/contracts/business.ts';
import { businessHistoryCsv } from './history.service.ts';

/** The business console's REST calls: History exported as CSV (docs/decisions/0051-business-access.md). */
export function registerBusinessRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/v3/businesses/:business_id/history/csv/', {
    schema: { tags: ['business'], summary: 'A business’s History in a date range, as CSV', ...BusinessHistoryCsvRoute },
    handler: async (request, reply) => {
      const csv = await businessHistoryCsv(deps, request.actor, request.params.business_id, request.query);
      // The file as it is, not as a JSON string.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="history-${request.params.business_id}.csv"`)
        .serializer((payload) => String(payload))
        .send(csv);
    },
  });
}
