import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validateRequest } from '../../model/index.js';
import { ApiError, ValidationFailedError, type ErrorCode } from '../errors.js';
import { taskOperationDoc } from '../openapi/describe.js';
import { taskRecords, type EngineTask, type GeocoderTask } from '../../engine/operations/registry.js';
import { resource } from '../resource.js';
import { taskRedirectResponse } from '../tasks/responses.js';
import { queryFlag, type TaskQuery, type TaskService } from '../tasks/task-service.js';

/** Tasks whose body is a model operation's: every task but the platform's, whose routes (platform.ts) check a connection too. */
function modelTasks(): (EngineTask | GeocoderTask)[] {
  return taskRecords().filter((record): record is EngineTask | GeocoderTask => record.runner !== 'platform');
}

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
      {
        property: 'request',
        code: missing ? 'null_value_error' : 'invalid_type_error',
        message: missing ? 'The request needs a JSON object body; none was sent.' : 'The request body must be a JSON object.',
      },
    ]);
  }
  return request.body;
}

export function operationRoutes(app: FastifyInstance, service: TaskService): void {
  for (const record of modelTasks()) {
    const operation = record.name;
    resource(app, `/v1/${operation}`, {
      POST: {
        doc: taskOperationDoc(record),
        handler: async (request, reply) => {
          const body = requireJsonBody(request);
          const errors = validateRequest(body, operation);
          if (errors.length) throw new ValidationFailedError(errors.slice(0, 100), errors.length);
          const refused = record.runner === 'engine' ? record.refuse?.(body) : undefined;
          // The engine's error codes are the API's (error_response): refusals name one of them.
          if (refused) throw new ApiError(refused.statusCode, refused.errorCode as ErrorCode, refused.message);
          const query = request.query as TaskQuery;
          // aggregate=1 on the POST counts only with wait=1; otherwise it goes on the result request.
          const aggregate = queryFlag(query.wait) && queryFlag(query.aggregate);
          const task = await service.start(request.identity!, record, body, { aggregate });
          request.log.info({ task: task.id, operation }, 'task started');
          if (queryFlag(query.wait)) await service.awaitResult(task, request, reply, query);
          else await reply.code(200).send(taskRedirectResponse(task));
          return reply;
        },
      },
    });
  }
}
