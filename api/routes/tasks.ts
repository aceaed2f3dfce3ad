import type { FastifyInstance } from 'fastify';
import type { TaskStatus } from '../../store/tasks.js';
import type { ApiContext } from '../context.js';
import { ValidationFailedError } from '../errors.js';
import { decodeCursor, encodeCursor } from '../page-cursor.js';
import {
  answerSchema,
  COMMON_ERRORS,
  errorResponse,
  okResponse,
  pathParameter,
  query,
  ref,
  WAIT_PARAMETER,
  CANCEL_ON_DISCONNECT_PARAMETER,
} from '../openapi/describe.js';
import { resource } from '../resource.js';
import { taskRecords } from '../../engine/operations/registry.js';
import { taskRedirectResponse, taskStatusResponse } from '../tasks/responses.js';
import { listedUser, queryFlag, type TaskQuery, type TaskService } from '../tasks/task-service.js';

const statuses: TaskStatus[] = ['running', 'completed', 'failed', 'canceled'];
const taskId = pathParameter('taskId', 'The task_id of a task_redirect_response.');
const unknownTask = errorResponse('invalid_task_id_error: no such task for this account.');

function parseAfter(after: string): Date {
  const time = new Date(after);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(after) || Number.isNaN(time.getTime())) {
    throw new ValidationFailedError([
      {
        property: 'after',
        code: 'invalid_timestamp_error',
        message: 'after must be an ISO 8601 UTC timestamp such as a previous last_status_time.',
        attempted_value: after,
      },
    ]);
  }
  return time;
}

export function taskRoutes(app: FastifyInstance, ctx: ApiContext, service: TaskService): void {
  resource(app, '/v1/tasks', {
    GET: {
      doc: {
        operationId: 'list_tasks',
        tags: ['tasks'],
        parameters: [
          query('status', { type: 'string', enum: statuses }, false, 'Only tasks in this state.'),
          query('limit', { type: 'integer', minimum: 1, maximum: 1000 }, false, 'Page size (default 100).'),
          query('cursor', { type: 'string' }, false, 'next_cursor of the previous page.'),
        ],
        responses: {
          '200': okResponse("The account's tasks, newest first; next_cursor when there are more.", {
            type: 'object',
            required: ['tasks'],
            properties: { tasks: { type: 'array', items: ref('task_status_response') }, next_cursor: { type: 'string' } },
          }),
          ...COMMON_ERRORS,
        },
      },
      handler: async (request) => {
        const query = request.query as { status?: string; limit?: string; cursor?: string };
        const errors = [];
        if (query.status !== undefined && !statuses.includes(query.status as TaskStatus)) {
          errors.push({
            property: 'status',
            code: 'invalid_enum_value_error',
            message: `status must be one of ${statuses.join(', ')}.`,
            attempted_value: query.status,
          });
        }
        const limit = query.limit === undefined ? 100 : Number(query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
          errors.push({
            property: 'limit',
            code: 'value_out_of_range_error',
            message: 'limit must be an integer from 1 to 1000.',
            attempted_value: query.limit,
          });
        }
        if (errors.length) throw new ValidationFailedError(errors);
        const tasks = await ctx.tasks.list(request.identity!.account, {
          status: query.status as TaskStatus | undefined,
          user: listedUser(request.identity!),
          limit: limit + 1,
          after: query.cursor ? decodeCursor(query.cursor) : undefined,
        });
        const page = tasks.slice(0, limit);
        const last = page[page.length - 1];
        return {
          tasks: page.map(taskStatusResponse),
          ...(tasks.length > limit && last ? { next_cursor: encodeCursor(last.startedTime, last.id) } : {}),
        };
      },
    },
  });

  resource(app, '/v1/tasks/:taskId', {
    GET: {
      doc: {
        operationId: 'task_status',
        tags: ['tasks'],
        parameters: [
          taskId,
          query(
            'after',
            { type: 'string' },
            false,
            'Long-poll: answer once the status is newer than this UTC time (a previous last_status_time).',
          ),
          CANCEL_ON_DISCONNECT_PARAMETER,
        ],
        responses: {
          '200': okResponse('Status.', ref('task_status_response')),
          '302': okResponse('Still waiting for a newer status: follow Location.', ref('task_redirect_response')),
          '404': unknownTask,
          ...COMMON_ERRORS,
        },
      },
      handler: async (request, reply) => {
        const { taskId } = request.params as { taskId: string };
        const query = request.query as TaskQuery;
        const task = await service.find(request.identity!, taskId);
        if (query.after === undefined) return taskStatusResponse(task);
        const after = parseAfter(query.after);
        const current = await service.hold(task, request, reply, query, (t) => t.status !== 'running' || t.lastStatusTime > after);
        if (!current) return reply;
        if (current.status !== 'running' || current.lastStatusTime > after) return taskStatusResponse(current);
        const location = `/v1/tasks/${task.id}?after=${encodeURIComponent(query.after)}${queryFlag(query.cancel_on_disconnect) ? '&cancel_on_disconnect=1' : ''}`;
        return reply.code(302).header('Location', location).send(taskRedirectResponse(current));
      },
    },
  });

  resource(app, '/v1/tasks/:taskId/result', {
    GET: {
      doc: {
        operationId: 'task_result',
        tags: ['tasks'],
        parameters: [
          taskId,
          WAIT_PARAMETER,
          CANCEL_ON_DISCONNECT_PARAMETER,
          query('aggregate', { type: 'integer', enum: [0, 1] }, false, '1: problem_aggregates instead (problem operations).'),
        ],
        responses: {
          '200': okResponse('The result of the operation that started the task: see that operation.', {
            anyOf: [...taskRecords().map((record) => answerSchema(record.answers)), ref('problem'), ref('problem_aggregates')],
          }),
          '302': okResponse('wait=1 and not finished yet: follow Location.', ref('task_redirect_response')),
          '404': unknownTask,
          '409': errorResponse('task_not_complete_error or task_canceled_error.'),
          ...COMMON_ERRORS,
        },
      },
      handler: async (request, reply) => {
        const { taskId } = request.params as { taskId: string };
        const query = request.query as TaskQuery;
        const task = await service.find(request.identity!, taskId);
        if (queryFlag(query.wait)) await service.awaitResult(task, request, reply, query);
        else await service.sendOutcome(task, reply, queryFlag(query.aggregate));
        return reply;
      },
    },
  });

  resource(app, '/v1/tasks/:taskId/cancel', {
    POST: {
      doc: {
        operationId: 'cancel_task',
        tags: ['tasks'],
        description: 'No body (an empty one with the JSON content type is fine).',
        parameters: [taskId],
        responses: {
          '200': okResponse('Canceled, or what the task had already become.', ref('task_cancel_response')),
          '404': unknownTask,
          ...COMMON_ERRORS,
        },
      },
      handler: async (request) => {
        const { taskId } = request.params as { taskId: string };
        const task = await service.find(request.identity!, taskId);
        if (task.status === 'running' && (await service.cancel(task))) {
          return { task_id: task.id, message: `Task ${task.id} was canceled.` };
        }
        // Already final: canceling is a no-op, and the answer says what the task became.
        const current = await service.find(request.identity!, taskId);
        const message =
          current.status === 'canceled'
            ? `Task ${task.id} was canceled.`
            : `Task ${task.id} had already ${current.status}; nothing was canceled.`;
        return { task_id: task.id, status: current.status, message };
      },
    },
  });
}
