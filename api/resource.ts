import type { FastifyInstance, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { Role } from '../store/users.js';
import { ApiError } from './errors.js';
import type { OperationDoc } from './openapi/catalog.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const allMethods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Methods no path serves (HEAD follows GET: Fastify answers it from the GET route, a 405 one included). */
const otherMethods = ['OPTIONS', 'TRACE'] as const;

export interface MethodDefinition {
  handler: RouteHandlerMethod;
  /** The operation as the OpenAPI document lists it (api/openapi/describe.ts helps write it). */
  doc: OperationDoc;
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
  const notAllowed = (method: string): void => {
    app.route({
      method,
      url,
      config: { public: isPublic, missingResource: true },
      handler: () => {
        throw new ApiError(405, 'method_not_allowed_error', `${method} is not allowed on ${url}; allowed: ${allow}.`, { Allow: allow });
      },
    });
  };
  for (const method of allMethods) {
    const definition = methods[method];
    if (definition) {
      const role = definition.role ?? (method === 'GET' ? 'viewer' : 'planner');
      app.route({
        method,
        url,
        ...definition.options,
        config: { public: isPublic, openapi: definition.doc, role },
        handler: definition.handler,
      });
    } else {
      notAllowed(method);
    }
  }
  for (const method of otherMethods) notAllowed(method);
}
