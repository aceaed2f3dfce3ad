import type { TSchema } from '@sinclair/typebox';
import { MAX_JOBS_TO_INSERT, OPERATIONS, type OperationName } from './operations.js';
import { VALIDATION_CODES } from './validation/codes.js';
import * as capacity from './types/capacity.js';
import * as common from './types/common.js';
import * as consolidate from './types/consolidate.js';
import * as fleet from './types/fleet.js';
import * as geoRequests from './types/geo-requests.js';
import * as job from './types/job.js';
import * as marker from './types/marker.js';
import * as meta from './types/meta.js';
import * as platform from './types/platform.js';
import * as problem from './types/problem.js';
import * as responses from './types/responses.js';
import * as route from './types/route.js';
import * as schedule from './types/schedule.js';
import * as settings from './types/settings.js';
import * as violation from './types/violation.js';

type JsonValue = unknown;
type OpenApiDocument = Record<string, JsonValue>;

const SCHEMA_MODULES = [common, violation, marker, capacity, fleet, job, schedule, responses, consolidate, route, settings, problem, geoRequests, meta, platform];

function isSchema(value: unknown): value is TSchema & { $id?: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every named schema ($id) reachable from the type modules and the operation bodies, by $id. */
function namedSchemas(): Map<string, TSchema> {
  const found = new Map<string, TSchema>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isSchema(value)) return;
    if (typeof value.$id === 'string') {
      if (found.has(value.$id)) return;
      found.set(value.$id, value);
    }
    Object.values(value).forEach(visit);
  };
  for (const module of SCHEMA_MODULES) Object.values(module).forEach(visit);
  for (const operation of Object.values(OPERATIONS)) visit(operation.body);
  return found;
}

/** JSON copy of a schema with nested named schemas as $refs (TypeBox symbols are dropped by the copy). */
function toComponent(schema: TSchema, root: boolean): JsonValue {
  const node = schema as Record<string, unknown>;
  if (!root && typeof node.$id === 'string') {
    const ref: Record<string, unknown> = { $ref: `#/components/schemas/${node.$id}` };
    if (node.readOnly === true) ref.readOnly = true;
    return ref;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id') continue;
    if (Array.isArray(value)) out[key] = value.map((item) => (isSchema(item) ? toComponent(item, false) : item));
    else if (isSchema(value) && key !== 'examples') out[key] = toSchemaMap(key, value);
    else out[key] = value;
  }
  return out;
}

// properties / patternProperties hold name → schema maps; every other object-valued keyword is a schema.
function toSchemaMap(key: string, value: Record<string, unknown>): JsonValue {
  if (key !== 'properties' && key !== 'patternProperties') return toComponent(value as TSchema, false);
  return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toComponent(schema as TSchema, false)]));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonValue) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({ description, content: json(ref('error_response')) });

const COMMON_ERRORS = {
  '400': errorResponse('validation_failed_error: errors lists every fault (at most 100).'),
  '401': errorResponse('authentication_required_error, invalid_session_id_error or invalid_basic_auth_error.'),
  '403': errorResponse("permission_denied_error: the user's role does not allow this (viewers only read; platform pull and sync need the owner)."),
  '415': errorResponse('unsupported_media_type_error.'),
  '429': errorResponse('too_many_requests_error: the account has too many requests in flight.'),
  '500': errorResponse('internal_server_error.'),
};

const TASK_OPERATIONS: Partial<Record<OperationName, string>> = {
  build: 'problem_response',
  optimize: 'problem_response',
  sequence: 'problem_response',
  evaluate: 'problem_response',
  insert: 'problem_response',
  assignment_restrictions: 'assignment_restrictions_response',
  consolidate_by_job_restrictions: 'consolidate_response',
  consolidate_by_route_assignments: 'consolidate_response',
  centroids: 'centroids_response',
  recommend: 'recommend_response',
  zones: 'generated_zone',
  geocode: 'geocode_response',
  reverse_geocode: 'reverse_geocode_response',
};

const WAIT_PARAMETER = {
  name: 'wait',
  in: 'query',
  required: false,
  schema: { type: 'integer', enum: [0, 1] },
  description: '1: hold the request until the result is ready, or 302 to the result URL.',
};

function taskOperation(operation: OperationName, result: string): JsonValue {
  const resultSchema = result === 'generated_zone' ? { type: 'array', items: ref(result) } : ref(result);
  return {
    operationId: operation,
    tags: ['optimization'],
    parameters: [WAIT_PARAMETER, { ...WAIT_PARAMETER, name: 'cancel_on_disconnect', description: 'With wait=1: cancel when the client goes away.' }],
    requestBody: { required: true, content: json(ref(OPERATIONS[operation].body.$id!)) },
    responses: {
      '200': {
        description: 'Without wait: a task_redirect_response. With wait=1 and a finished task: the result (the whole problem when return_request is true).',
        content: json({ oneOf: [ref('task_redirect_response'), resultSchema, ref('problem')] }),
      },
      '302': { description: 'wait=1 and not finished yet: follow Location.', content: json(ref('task_redirect_response')) },
      ...COMMON_ERRORS,
      ...(operation === 'insert' ? { '400': errorResponse('validation_failed_error, or too_many_jobs_to_insert_error: more than ' + MAX_JOBS_TO_INSERT + ' jobs_to_insert.') } : {}),
    },
  };
}

function syncOperation(operation: OperationName, response: JsonValue, parameters: JsonValue[] = []): JsonValue {
  return {
    operationId: operation,
    parameters,
    requestBody: { required: true, content: json(ref(OPERATIONS[operation].body.$id!)) },
    responses: { '200': { description: 'The result.', content: json(response) }, ...COMMON_ERRORS },
  };
}

function query(name: string, schema: JsonValue, required: boolean, description: string): JsonValue {
  return { name, in: 'query', required, schema, description };
}

const TASK_ID = { name: 'task_id', in: 'path', required: true, schema: { type: 'string' } };

function paths(): Record<string, JsonValue> {
  const result: Record<string, JsonValue> = {};
  for (const [operation, resultType] of Object.entries(TASK_OPERATIONS)) {
    result[`/v1/${operation}`] = { post: taskOperation(operation as OperationName, resultType) };
  }
  result['/v1/instantiate'] = {
    post: syncOperation('instantiate', { oneOf: [ref('instantiate_response'), ref('problem')] }, [
      query('start_date', ref('date'), true, 'First day.'),
      query('num_days', { type: 'integer', minimum: 1 }, false, 'Default 1.'),
      query('generate_routes', { type: 'integer', enum: [0, 1] }, false, '0: no routes from shift patterns.'),
      query('generate_jobs', { type: 'integer', enum: [0, 1] }, false, '0: no jobs from schedules.'),
    ]),
  };
  result['/v1/path'] = { post: syncOperation('path', ref('path_response')) };
  result['/v1/canonicalize'] = { post: syncOperation('canonicalize', ref('problem')) };
  result['/v1/validate'] = { post: syncOperation('validate', ref('validate_response')) };
  result['/v1/route_cards'] = {
    post: {
      ...(syncOperation('route_cards', { type: 'string' }) as Record<string, unknown>),
      responses: {
        '200': {
          description: 'Printable route sheets, by content negotiation.',
          content: { 'text/html': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        ...COMMON_ERRORS,
      },
    },
  };
  result['/v1/version'] = {
    get: { operationId: 'version', responses: { '200': { description: 'Service version.', content: json(ref('version_response')) } } },
  };
  result['/v1/tasks'] = {
    get: {
      operationId: 'list_tasks',
      tags: ['tasks'],
      parameters: [
        query('status', { type: 'string', enum: [...meta.TASK_STATUSES] }, false, 'Only tasks in this state.'),
        query('limit', { type: 'integer', minimum: 1 }, false, 'Page size.'),
        query('cursor', { type: 'string' }, false, 'From the previous page.'),
      ],
      responses: { '200': { description: "The account's tasks, newest first.", content: json({ type: 'array', items: ref('task_status_response') }) } },
    },
  };
  result['/v1/tasks/{task_id}'] = {
    get: {
      operationId: 'task_status',
      tags: ['tasks'],
      parameters: [TASK_ID, query('after', { type: 'string' }, false, 'Long-poll: answer once the status is newer than this UTC time.')],
      responses: {
        '200': { description: 'Status.', content: json(ref('task_status_response')) },
        '302': { description: 'Still waiting for a newer status: follow Location.' },
        '404': errorResponse('invalid_task_id_error.'),
      },
    },
  };
  result['/v1/tasks/{task_id}/result'] = {
    get: {
      operationId: 'task_result',
      tags: ['tasks'],
      parameters: [TASK_ID, WAIT_PARAMETER, query('aggregate', { type: 'integer', enum: [0, 1] }, false, '1: problem_aggregates instead.')],
      responses: {
        '200': { description: 'The result of the operation that started the task.' },
        '302': { description: 'wait=1 and not finished yet: follow Location.', content: json(ref('task_redirect_response')) },
        '404': errorResponse('invalid_task_id_error.'),
        '409': errorResponse('task_not_complete_error or task_canceled_error.'),
      },
    },
  };
  result['/v1/tasks/{task_id}/cancel'] = {
    post: {
      operationId: 'cancel_task',
      tags: ['tasks'],
      parameters: [TASK_ID],
      responses: { '200': { description: 'Canceled.', content: json(ref('task_cancel_response')) }, '404': errorResponse('invalid_task_id_error.') },
    },
  };
  Object.assign(result, platformPaths());
  Object.assign(result, pipelineRunPaths());
  result['/auth/login'] = {
    post: {
      operationId: 'login',
      tags: ['authentication'],
      security: [],
      requestBody: { required: true, content: json(ref('login_request')) },
      responses: { '200': { description: 'A session id for X-Service-Session-Id.', content: json(ref('login_response')) } },
    },
  };
  return result;
}

/** Fleet platform integration (platform/FORMATS.md): territories, and pull and sync as tasks. */
function platformPaths(): Record<string, JsonValue> {
  const unknownConnection = errorResponse('not_found_error: the account has no such connection (or none at all).');
  const unreadable = errorResponse('service_unavailable_error: the platform could not be read or written.');
  const task = (operationId: string, body: string, result: string, description: string): JsonValue => ({
    operationId,
    tags: ['platform'],
    description,
    parameters: [WAIT_PARAMETER],
    requestBody: { required: true, content: json(ref(body)) },
    responses: {
      '200': { description: 'Without wait: a task_redirect_response. With wait=1 and a finished task: the result.', content: json({ oneOf: [ref('task_redirect_response'), ref(result)] }) },
      '302': { description: 'wait=1 and not finished yet: follow Location.', content: json(ref('task_redirect_response')) },
      ...COMMON_ERRORS,
      '400': errorResponse('validation_failed_error; an unknown territory is reference_not_found_error on request.territory (from the task result).'),
      '404': unknownConnection,
      '503': unreadable,
    },
  });
  return {
    '/v1/platform/territories': {
      get: {
        operationId: 'list_platform_territories',
        tags: ['platform'],
        parameters: [query('connection', { type: 'string' }, false, 'Connection name; may be left out when the account has exactly one.')],
        responses: { '200': { description: "The connection's territories.", content: json(ref('platform_territories_response')) }, '404': unknownConnection, '503': unreadable },
      },
    },
    '/v1/platform/pull': { post: task('platform_pull', 'platform_pull_request', 'platform_pull_response', "Task: a territory's problem for a date range; bad rows are listed in row_faults, never skipped silently.") },
    '/v1/platform/sync': { post: task('platform_sync', 'platform_sync_request', 'platform_sync_response', "Task: write a plan's routes back under run_id; the same run again writes nothing (unchanged), a changed plan replaces that run's rows.") },
  };
}

/** Nightly planning runs (design.md §10), read-only; the body is what `wayplan runs show --json` prints. */
function pipelineRunPaths(): Record<string, JsonValue> {
  const territory = {
    type: 'object',
    description:
      'territory, status, step (running or failed one), jobs, routed, unrouted [{id, reasons[], error_code?, message?}], routes, cost, distance_meters, ' +
      'failed_addresses [{kind, id, query, error_code, message}], row_faults [{source, line, column?, message}], steps {pull|geocode|instantiate|build|optimize|sync: {status, ms, reused?}}, ' +
      'synced_to, sync {destination, routes, stops, unchanged}, error?, started_time, finished_time',
  };
  const run = {
    type: 'object',
    description: 'run_id, account, connection, status (running, completed, failed, canceled), trigger (manual, schedule), plan_date, days, requested_territories, workflow_id, error?, started_time, finished_time',
    properties: { territories: { type: 'array', items: territory } },
  };
  return {
    '/v1/platform/runs': {
      get: {
        operationId: 'list_pipeline_runs',
        tags: ['platform'],
        parameters: [query('limit', { type: 'integer', minimum: 1, maximum: 1000 }, false, 'Page size (default 50).'), query('cursor', { type: 'string' }, false, 'From the previous page.')],
        responses: { '200': { description: "The account's nightly runs, newest first; next_cursor when there are more.", content: json({ type: 'object', properties: { runs: { type: 'array', items: run }, next_cursor: { type: 'string' } } }) } },
      },
    },
    '/v1/platform/runs/{run_id}': {
      get: {
        operationId: 'get_pipeline_run',
        tags: ['platform'],
        parameters: [{ name: 'run_id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The run with its territories.', content: json(run) }, '404': errorResponse('not_found_error.') },
      },
    },
  };
}

/** Schemas the operations name that have no model of their own yet (their shapes are undocumented upstream). */
const OPEN_SCHEMAS: Record<string, JsonValue> = {
  path_response: { type: 'object', description: '{routes: [{id, distance_meters, driving_time, legs?, path?}]}' },
  geocode_response: { type: 'object', description: 'Suggestions per address.' },
  reverse_geocode_response: { type: 'object', properties: { geocoded_locations: { type: 'array', items: { type: 'object' } } } },
};

/**
 * The OpenAPI 3.1 document of the service, built from the same schemas that validate requests.
 * `serverUrl` is the base the paths hang under (without /v1).
 */
export function buildOpenApiDocument(options: { version: string; serverUrl?: string }): OpenApiDocument {
  const schemas: Record<string, JsonValue> = { ...OPEN_SCHEMAS };
  for (const [id, schema] of [...namedSchemas()].sort(([a], [b]) => a.localeCompare(b))) {
    schemas[id] = toComponent(schema, true);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'wayplan',
      version: options.version,
      description: 'Route optimization service compatible with the RouteCloud API. Validation codes: ' + Object.keys(VALIDATION_CODES).join(', ') + '.',
    },
    servers: options.serverUrl === undefined ? [] : [{ url: options.serverUrl }],
    security: [{ basic: [] }, { session: [] }],
    paths: paths(),
    components: {
      schemas,
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic', description: 'Username account:user (percent-encode the colon as %3A in URLs).' },
        session: { type: 'apiKey', in: 'header', name: 'X-Service-Session-Id' },
      },
    },
  };
}

