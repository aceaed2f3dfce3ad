import { OPERATIONS, type OperationName } from '../../model/operations.js';
import type { EngineTask, GeocoderTask, OperationAnswer } from '../../engine/operations/registry.js';
import type { OperationDoc } from './catalog.js';

// Helpers for the operation objects written beside each route (api/routes/*).

type Json = Record<string, unknown>;

export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: unknown): Json => ({ 'application/json': { schema } });
export const errorResponse = (description: string): Json => ({ description, content: json(ref('error_response')) });
export const okResponse = (description: string, schema?: unknown): Json =>
  schema === undefined ? { description } : { description, content: json(schema) };

/** Why any operation may answer 503, whatever its own reasons for one. */
export const UNREACHABLE_DEPENDENCY =
  'the service cannot reach its database or its workflow engine at the moment, or cannot count requests; Retry-After says when to try again';

/** Statuses every authenticated operation may answer; `default` covers the rest (404, 405 ...): always an error_response. */
export const COMMON_ERRORS: Json = {
  '400': errorResponse('validation_failed_error: errors lists every fault (at most 100).'),
  '401': errorResponse('authentication_required_error, invalid_session_id_error or invalid_basic_auth_error.'),
  '403': errorResponse(
    "permission_denied_error: the user's role does not allow this (viewers only read; platform pull and sync need the owner).",
  ),
  '408': errorResponse('request_timeout_error: the headers or the body did not arrive in time.'),
  '413': errorResponse('payload_too_large_error.'),
  '415': errorResponse('unsupported_media_type_error.'),
  '429': errorResponse('too_many_requests_error: the account has too many requests in flight, or too many failed logins (Retry-After).'),
  '431': errorResponse('request_header_fields_too_large_error.'),
  '500': errorResponse('internal_server_error.'),
  '503': errorResponse(`service_unavailable_error: ${UNREACHABLE_DEPENDENCY}.`),
  default: errorResponse('Any other error (not_found_error, method_not_allowed_error, ...).'),
};

export function query(name: string, schema: unknown, required: boolean, description: string): Json {
  return { name, in: 'query', required, schema, description };
}

export function pathParameter(name: string, description: string): Json {
  return { name, in: 'path', required: true, schema: { type: 'string' }, description };
}

export const WAIT_PARAMETER = query(
  'wait',
  { type: 'integer', enum: [0, 1] },
  false,
  '1: hold the request until the result is ready, or 302 to the result URL.',
);
export const CANCEL_ON_DISCONNECT_PARAMETER = query(
  'cancel_on_disconnect',
  { type: 'integer', enum: [0, 1] },
  false,
  'With wait=1: cancel when the client goes away.',
);

/** What an operation answers (its registry record's `answers`) as a schema of the document. */
export function answerSchema(answer: OperationAnswer): Json {
  return answer.list ? { type: 'array', items: ref(answer.schema) } : ref(answer.schema);
}

/** The request body of a model operation: its own schema, the one validation uses. */
export function operationBody(operation: OperationName): Json {
  return { required: true, content: json(ref(OPERATIONS[operation].body.$id!)) };
}

/** An operation that runs as a task: the redirect, or with wait=1 the result (or the whole problem with return_request). */
export function taskOperationDoc(record: EngineTask | GeocoderTask): OperationDoc {
  const engine = record.runner === 'engine' ? record : undefined;
  return {
    operationId: record.name,
    tags: [record.runner === 'geocoder' ? 'geocoding' : 'optimization'],
    parameters: [
      WAIT_PARAMETER,
      CANCEL_ON_DISCONNECT_PARAMETER,
      ...(engine?.aggregates
        ? [query('aggregate', { type: 'integer', enum: [0, 1] }, false, 'With wait=1: problem_aggregates instead.')]
        : []),
    ],
    requestBody: operationBody(record.name),
    responses: {
      '200': okResponse(
        'Without wait: a task_redirect_response. With wait=1 and a finished task: the result (the whole problem when return_request is true).',
        {
          anyOf: [ref('task_redirect_response'), answerSchema(record.answers), ref('problem_aggregates'), ref('problem')],
        },
      ),
      '302': okResponse('wait=1 and not finished yet: follow Location.', ref('task_redirect_response')),
      ...COMMON_ERRORS,
      ...(engine?.refusal !== undefined ? { '400': errorResponse(engine.refusal) } : {}),
    },
  };
}

/** A synchronous model operation answering `response`. */
export function syncOperationDoc(operation: OperationName, response: unknown, parameters: unknown[] = []): OperationDoc {
  return {
    operationId: operation,
    parameters,
    requestBody: operationBody(operation),
    responses: { '200': okResponse('The result.', response), ...COMMON_ERRORS },
  };
}
