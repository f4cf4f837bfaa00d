import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountExportDownloadQuery } from '../../shared/contracts/account-security.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { claimExportDownload } from '../users/account-export.service.ts';

/** GET /download-data/file/?id&token: the mailed one-time link to a member's export (docs/decisions/0040-account-security.md). */
export function registerAccountSecurityRoutes(app: FastifyInstance, deps: Deps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/download-data/file/',
      { schema: { hide: true, querystring: AccountExportDownloadQuery, response: { 200: z.unknown() } } },
      async (request, reply) => {
        const { blobKey } = await claimExportDownload(deps, request.actor, request.query.id, request.query.token);
        const blob = await deps.ports.blobs.get(blobKey);
        if (!blob) throw new AppError('not_found');
        reply.header('cache-control', 'private, no-store');
        reply.header('content-disposition', 'attachment; filename="corkboard-data.zip"');
        reply.header('content-length', String(blob.info.size));
        return reply.type('application/zip').send(blob.body);
      },
    );
}
