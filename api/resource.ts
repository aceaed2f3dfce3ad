import type { FastifyInstance, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { Role } from '../store/users.js';
import { ApiError } from './errors.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const allMethods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface MethodDefinition {
  handler: RouteHandlerMethod;
  options?: RouteShorthandOptions;
  /** The least role allowed (README "Users and roles"); default viewer for GET, planner otherwise. */
  role?: Role;
}

/**
 * Registers a path with its methods; every other method answers 405 with an `Allow` header, so a
 * known path is never mistaken for an unknown one.
 */
export function resource(app: FastifyInstance, url: string, methods: Partial<Record<Method, MethodDefinition>>, isPublic = false): void {
  const allowed = allMethods.filter((m) => methods[m]);
  const allow = allowed.join(', ');
  for (const method of allMethods) {
    const definition = methods[method];
    if (definition) {
      const role = definition.role ?? (method === 'GET' ? 'viewer' : 'planner');
      app.route({ method, url, ...definition.options, config: { public: isPublic, role }, handler: definition.handler });
    } else {
      app.route({
        method,
        url,
        config: { public: isPublic, missingResource: true },
        handler: () => {
          throw new ApiError(405, 'method_not_allowed_error', `${method} is not allowed on ${url}; allowed: ${allow}.`, { Allow: allow });
        },
      });
    }
  }
}
