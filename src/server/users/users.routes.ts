import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PasswordChangePayload } from '../../shared/validation/signup.ts';
import { Viewer } from '../../shared/viewer.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { restSuccess } from '../http/envelope.ts';
import { changePassword } from './password.service.ts';
import { loadViewer } from './viewer.ts';

/** restSuccess with its data typed, so the route's response schema checks it. */
const success = <T>(data: T) => ({ ...restSuccess(data), data });

const ViewerResponse = { 200: z.object({ status: z.literal('success'), code: z.number(), message: z.string(), data: Viewer }) };

export function registerUserRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v3/users/me/', {
    schema: { tags: ['users'], summary: 'The signed-in viewer', response: ViewerResponse },
    handler: async (request) => {
      const viewer = await loadViewer(deps, request.actor);
      if (!viewer) throw new AppError('unauthorized');
      return success(viewer);
    },
  });

  typed.put('/v3/users/me/password/', {
    schema: { tags: ['users'], summary: 'Change the password; ends every other session', body: PasswordChangePayload },
    handler: async (request) => {
      await changePassword(deps, request.actor, request.body);
      return restSuccess(null);
    },
  });
}
