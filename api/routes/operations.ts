import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validateRequest } from '../../model/index.js';
import { ApiError, ValidationFailedError } from '../errors.js';
import { checkInsertLimit } from './insert-limit.js';
import { ref, taskOperationDoc } from '../openapi/describe.js';
import { resource } from '../resource.js';
import { taskRedirectResponse } from '../tasks/responses.js';
import { queryFlag, type TaskQuery, type TaskService } from '../tasks/task-service.js';

/** Operations that run as tasks (one Temporal workflow each); the list grows as operations land. */
export const taskOperations = ['sequence', 'build', 'optimize', 'evaluate', 'geocode', 'reverse_geocode', 'recommend', 'insert', 'assignment_restrictions', 'centroids', 'zones', 'consolidate_by_job_restrictions', 'consolidate_by_route_assignments'] as const;
export type TaskOperation = (typeof taskOperations)[number];

/** What each task operation's result is (without return_request), as the OpenAPI document names it. */
export const taskResultSchemas: Record<TaskOperation, unknown> = {
  sequence: ref('problem_response'),
  build: ref('problem_response'),
  optimize: ref('problem_response'),
  evaluate: ref('problem_response'),
  insert: ref('problem_response'),
  geocode: ref('geocode_response'),
  reverse_geocode: ref('reverse_geocode_response'),
  recommend: ref('recommend_response'),
  assignment_restrictions: ref('assignment_restrictions_response'),
  centroids: ref('centroids_response'),
  zones: { type: 'array', items: ref('generated_zone') },
  consolidate_by_job_restrictions: ref('consolidate_response'),
  consolidate_by_route_assignments: ref('consolidate_response'),
};

const tags = (operation: TaskOperation): string[] => [operation.includes('geocode') ? 'geocoding' : 'optimization'];

/** A body-carrying request without a JSON content type never reaches the parser: refuse it here. */
export function requireJsonContentType(request: FastifyRequest): void {
  const type = request.headers['content-type'];
  if (!type || !/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type_error', 'The Content-Type header must be application/json.');
  }
}

/** The JSON object body of a request (415 without the JSON content type, 400 for another JSON value). */
export function requireJsonBody(request: FastifyRequest): unknown {
  requireJsonContentType(request);
  if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) {
    // No body at all (an empty one with the JSON content type) is a missing request, like `null`.
    const missing = request.body === null || request.body === undefined;
    throw new ValidationFailedError([
      { property: 'request', code: missing ? 'null_value_error' : 'invalid_type_error', message: missing ? 'The request needs a JSON object body; none was sent.' : 'The request body must be a JSON object.' },
    ]);
  }
  return request.body;
}

export function operationRoutes(app: FastifyInstance, service: TaskService): void {
  for (const operation of taskOperations) {
    resource(app, `/v1/${operation}`, {
      POST: {
        doc: taskOperationDoc(operation, taskResultSchemas[operation], tags(operation)),
        handler: async (request, reply) => {
          const body = requireJsonBody(request);
          const errors = validateRequest(body, operation);
          if (errors.length) throw new ValidationFailedError(errors.slice(0, 100), errors.length);
          if (operation === 'insert') checkInsertLimit(body);
          const query = request.query as TaskQuery;
          // aggregate=1 on the POST counts only with wait=1; otherwise it goes on the result request.
          const aggregate = queryFlag(query.wait) && queryFlag(query.aggregate);
          const task = await service.start(request.identity!, operation, body, { aggregate });
          request.log.info({ task: task.id, operation }, 'task started');
          if (queryFlag(query.wait)) await service.awaitResult(task, request, reply, query);
          else await reply.code(200).send(taskRedirectResponse(task));
          return reply;
        },
      },
    });
  }
}
