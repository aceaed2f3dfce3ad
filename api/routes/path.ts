import type { FastifyInstance } from 'fastify';
import { MAX_PATH_STOPS, validateRequest, type PathRequest } from '../../model/index.js';
import { operations } from '../../engine/operations/registry.js';
import type { ApiContext } from '../context.js';
import { ValidationFailedError, type ValidationErrorEntry } from '../errors.js';
import { ref, syncOperationDoc } from '../openapi/describe.js';
import { resource } from '../resource.js';
import { requireJsonBody } from './operations.js';

/** `POST /v1/path` (synchronous): distance and driving time per route and leg through ordered stops, with the geometry on request. */
export function pathRoutes(app: FastifyInstance, ctx: ApiContext): void {
  resource(app, '/v1/path', {
    POST: {
      doc: { ...syncOperationDoc(operations.path.name, ref('path_response')), tags: ['vehicle routing'] },
      handler: async (request) => {
        const body = requireJsonBody(request) as PathRequest;
        const faults: ValidationErrorEntry[] = validateRequest(body, 'path');
        if (faults.length === 0) {
          body.routes.forEach((route, i) => {
            if (route.stops.length < 2) {
              faults.push({
                property: `request.routes[${i}].stops`,
                code: 'too_few_items_error',
                message: 'A path needs at least two stops.',
                attempted_value: route.stops.length,
              });
            }
          });
          const stops = body.routes.reduce((sum, route) => sum + route.stops.length, 0);
          if (stops > MAX_PATH_STOPS) {
            faults.push({
              property: 'request.routes',
              code: 'too_many_items_error',
              message: `A path request has at most ${MAX_PATH_STOPS} stops over all its routes; this one has ${stops}.`,
              parameters: { maximum: MAX_PATH_STOPS },
            });
          }
        }
        if (faults.length) throw new ValidationFailedError(faults);
        return operations.path.run(body, ctx.travel());
      },
    },
  });
}
