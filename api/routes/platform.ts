import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import { parseDate } from '../../model/formats/date.js';
import { schemaNode } from '../../model/types/schema.js';
import { MAX_PLATFORM_RANGE_DAYS, PlatformPullRequest, PlatformSyncRequest } from '../../model/types/platform.js';
import { FaultCollector } from '../../model/validation/faults.js';
import { walk } from '../../model/validation/schema-walk.js';
import { randomId } from '../../store/ids.js';
import { listPlatformConnections } from '../../store/platform-connections.js';
import { failureTypes, workflowTypes, type Workflows } from '../../workflows/contract.js';
import type { ApiContext } from '../context.js';
import { ApiError, ValidationFailedError } from '../errors.js';
import { operations, type PlatformTask } from '../../engine/operations/registry.js';
import {
  answerSchema,
  COMMON_ERRORS,
  errorResponse,
  json,
  okResponse,
  query,
  ref,
  UNREACHABLE_DEPENDENCY,
  WAIT_PARAMETER,
} from '../openapi/describe.js';
import type { OperationDoc } from '../openapi/catalog.js';
import { resource } from '../resource.js';
import { taskRedirectResponse } from '../tasks/responses.js';
import { queryFlag, type TaskQuery, type TaskService } from '../tasks/task-service.js';
import { requireJsonBody } from './operations.js';

/** How long GET territories waits for the worker to read the platform before 503. */
const territoriesTimeoutMs = 30_000;

const unknownConnection = errorResponse('not_found_error: the account has no such connection (or none at all).');
const unreadable = errorResponse(`service_unavailable_error: the platform could not be read or written; or ${UNREACHABLE_DEPENDENCY}.`);

function platformTaskDoc(record: PlatformTask, body: string, description: string): OperationDoc {
  return {
    operationId: record.name,
    tags: ['platform'],
    description,
    parameters: [WAIT_PARAMETER],
    requestBody: { required: true, content: json(ref(body)) },
    responses: {
      '200': okResponse('Without wait: a task_redirect_response. With wait=1 and a finished task: the result.', {
        anyOf: [ref('task_redirect_response'), answerSchema(record.answers)],
      }),
      '302': okResponse('wait=1 and not finished yet: follow Location.', ref('task_redirect_response')),
      ...COMMON_ERRORS,
      '400': errorResponse(
        'validation_failed_error; an unknown territory is reference_not_found_error on request.territory (from the task result).',
      ),
      '404': unknownConnection,
      '503': unreadable,
    },
  };
}

/** The route of each platform task: its path, body schema and description. */
const platformTaskRoutes = {
  platform_pull: {
    path: '/v1/platform/pull',
    schema: PlatformPullRequest,
    description: "Task: a territory's problem for a date range; bad rows are listed in row_faults, never skipped silently.",
  },
  platform_sync: {
    path: '/v1/platform/sync',
    schema: PlatformSyncRequest,
    description:
      "Task: write a plan's routes back under run_id; the same run again writes nothing (unchanged), a changed plan replaces that run's rows.",
  },
} satisfies Record<PlatformTask['name'], { path: string; schema: Schema; description: string }>;

type Schema = typeof PlatformPullRequest | typeof PlatformSyncRequest;

function validated<T>(schema: Schema, body: unknown): T {
  const faults = new FaultCollector();
  walk(schemaNode(schema), body, 'request', { faults, ids: undefined });
  if (faults.faults.length === 0) {
    const range = (body as { date_range: { start: string; end: string } }).date_range;
    const start = parseDate(range.start)!;
    const end = parseDate(range.end)!;
    if (end < start) {
      faults.add('request.date_range.end', 'range_end_before_start_error', 'date_range.end is before date_range.start.', {
        attempted_value: range.end,
      });
    } else if (end - start + 1 > MAX_PLATFORM_RANGE_DAYS) {
      faults.add('request.date_range', 'value_out_of_range_error', `date_range covers more than ${MAX_PLATFORM_RANGE_DAYS} days.`, {
        parameters: { maximum: MAX_PLATFORM_RANGE_DAYS },
      });
    }
  }
  if (faults.faults.length > 0) throw new ValidationFailedError(faults.faults);
  return body as T;
}

/**
 * The connection a request names, or the account's only one. 404 for a name the account does not
 * have (another account's connections are invisible); 400 when a name is needed and missing.
 */
async function connectionName(ctx: ApiContext, account: string, requested: string | undefined, property: string): Promise<string> {
  const names = (await listPlatformConnections(ctx.pool, account)).map((connection) => connection.name);
  if (requested !== undefined) {
    if (!names.includes(requested)) throw new ApiError(404, 'not_found_error', `No platform connection ${requested}.`);
    return requested;
  }
  if (names.length === 1) return names[0]!;
  if (names.length === 0)
    throw new ApiError(404, 'not_found_error', 'The account has no platform connection; add one with `wayplan platform add`.');
  throw new ValidationFailedError([
    {
      property,
      code: 'required_property_missing_error',
      message: `The account has ${names.length} platform connections; name one (${names.join(', ')}).`,
      parameters: { property_name: 'connection' },
    },
  ]);
}

function applicationFailureType(err: unknown): string | undefined {
  let current: unknown = err;
  while (current instanceof Error) {
    if (current instanceof ApplicationFailure) return current.type ?? undefined;
    current = current.cause;
  }
  return undefined;
}

/** Fleet platform integration: territories (synchronous), pull and sync (tasks). */
export function platformRoutes(app: FastifyInstance, ctx: ApiContext, service: TaskService): void {
  resource(app, '/v1/platform/territories', {
    GET: {
      doc: {
        operationId: 'list_platform_territories',
        tags: ['platform'],
        parameters: [query('connection', { type: 'string' }, false, 'Connection name; may be left out when the account has exactly one.')],
        responses: {
          '200': okResponse("The connection's territories.", ref('platform_territories_response')),
          ...COMMON_ERRORS,
          '404': unknownConnection,
          '503': unreadable,
        },
      },
      handler: async (request) => {
        const query = request.query as { connection?: string };
        const account = request.identity!.account;
        const connection = await connectionName(ctx, account, query.connection === '' ? undefined : query.connection, 'connection');
        try {
          const territories = await ctx.temporal.workflow.execute<Workflows['platformTerritories']>(workflowTypes.platformTerritories, {
            workflowId: `platform-territories-${randomId(12)}`,
            taskQueue: ctx.config.taskQueues.io,
            args: [{ account, connection }],
            workflowExecutionTimeout: territoriesTimeoutMs,
          });
          return { connection, territories };
        } catch (err) {
          const type = err instanceof WorkflowFailedError ? applicationFailureType(err) : undefined;
          if (type === failureTypes.unknownConnection) throw new ApiError(404, 'not_found_error', `No platform connection ${connection}.`);
          request.log.warn({ err, connection }, 'listing platform territories failed');
          // Both are worded for clients: a platform set up wrongly, or the kind of fault of the moment.
          const shown = type === failureTypes.platformSetup || type === failureTypes.platformUnreachable;
          const reason = shown ? `: ${messageOf(err)}` : '';
          throw new ApiError(
            503,
            'service_unavailable_error',
            `The fleet platform of connection ${connection} could not be read${reason}.`,
          );
        }
      },
    },
  });

  for (const record of [operations.platform_pull, operations.platform_sync]) {
    const { path, schema, description } = platformTaskRoutes[record.name];
    resource(app, path, {
      POST: {
        doc: platformTaskDoc(record, schema.$id!, description),
        // Pull reads every customer address of a territory; sync writes to the fleet platform.
        role: 'owner',
        handler: async (request, reply) => {
          const body = validated<{ connection?: string }>(schema, requireJsonBody(request));
          const connection = await connectionName(ctx, request.identity!.account, body.connection, 'request.connection');
          const task = await service.start(request.identity!, record, { ...body, connection }, {});
          request.log.info({ task: task.id, operation: record.name }, 'task started');
          const query = request.query as TaskQuery;
          if (queryFlag(query.wait)) await service.awaitResult(task, request, reply, query);
          else await reply.code(200).send(taskRedirectResponse(task));
          return reply;
        },
      },
    });
  }
}

/** The innermost message of a workflow failure: the activity's own words. */
function messageOf(err: unknown): string {
  let current: unknown = err;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(err);
}
