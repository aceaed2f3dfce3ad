import type { FastifyInstance } from 'fastify';
import type { TaskStatus } from '../../store/tasks.js';
import type { ApiContext } from '../context.js';
import { ValidationFailedError } from '../errors.js';
import { decodeCursor, encodeCursor } from '../page-cursor.js';
import { resource } from '../resource.js';
import { taskRedirectResponse, taskStatusResponse } from '../tasks/responses.js';
import { listedUser, queryFlag, type TaskQuery, type TaskService } from '../tasks/task-service.js';

const statuses: TaskStatus[] = ['running', 'completed', 'failed', 'canceled'];

function parseAfter(after: string): Date {
  const time = new Date(after);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(after) || Number.isNaN(time.getTime())) {
    throw new ValidationFailedError([{ property: 'after', code: 'invalid_timestamp_error', message: 'after must be an ISO 8601 UTC timestamp such as a previous last_status_time.', attempted_value: after }]);
  }
  return time;
}

export function taskRoutes(app: FastifyInstance, ctx: ApiContext, service: TaskService): void {
  resource(app, '/v1/tasks', {
    GET: {
      handler: async (request) => {
        const query = request.query as { status?: string; limit?: string; cursor?: string };
        const errors = [];
        if (query.status !== undefined && !statuses.includes(query.status as TaskStatus)) {
          errors.push({ property: 'status', code: 'invalid_enum_value_error', message: `status must be one of ${statuses.join(', ')}.`, attempted_value: query.status });
        }
        const limit = query.limit === undefined ? 100 : Number(query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
          errors.push({ property: 'limit', code: 'value_out_of_range_error', message: 'limit must be an integer from 1 to 1000.', attempted_value: query.limit });
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
      handler: async (request) => {
        const { taskId } = request.params as { taskId: string };
        const task = await service.find(request.identity!, taskId);
        if (task.status === 'running' && (await service.cancel(task))) {
          return { task_id: task.id, message: `Task ${task.id} was canceled.` };
        }
        // Already final: canceling is a no-op, and the answer says what the task became.
        const current = await service.find(request.identity!, taskId);
        const message = current.status === 'canceled' ? `Task ${task.id} was canceled.` : `Task ${task.id} had already ${current.status}; nothing was canceled.`;
        return { task_id: task.id, status: current.status, message };
      },
    },
  });
}
