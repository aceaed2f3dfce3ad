import type { FastifyInstance } from 'fastify';
import { roleIncludes } from '../../store/users.js';
import { ApiError } from '../errors.js';

/**
 * After authentication and routing: a user whose role is below the route's least role gets 403
 * `permission_denied_error` before anything else happens (README "Users and roles").
 */
export function roleCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const needed = request.routeOptions.config.role;
    const identity = request.identity;
    if (!identity || !needed || roleIncludes(identity.role, needed)) return;
    throw new ApiError(
      403,
      'permission_denied_error',
      `This needs the ${needed} role; ${identity.account}:${identity.user} is a ${identity.role}.`,
    );
  });
}
