import { WorkflowNotFoundError } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TaskOperation } from '../../engine/operations/registry.js';
import type { TaskRecord } from '../../store/tasks.js';
import type { Identity } from '../../store/users.js';
import type { ApiContext } from '../context.js';
import { errorResponse } from '../../model/types/meta.js';
import { ApiError, type ErrorResponse } from '../errors.js';
import { unreachableDependency } from '../unavailable.js';
import { storedResultAggregates } from './result-aggregates.js';
import { taskRedirectResponse } from './responses.js';
import { randomId } from '../../store/ids.js';
import type { TaskWorkflowType, Workflows } from '../../workflows/contract.js';
import { geocodeTask } from '../../workflows/geocode-task.js';
import { operationTask } from '../../workflows/operation-task.js';
import { platformTask } from '../../workflows/platform-task.js';

/** 16 random bytes as 22 URL-safe base64 characters, the task id form of the compatible API. */
export function newTaskId(): string {
  return randomId(16);
}

/**
 * The workflow that runs a task, by its record's runner: the engine's in a thread, the geocoders'
 * and the fleet platforms' on the io queue. The client starts the workflow function itself (its
 * name is the workflow type), which it only names, never calls: the way from a route to the
 * workflow it starts is an import, like every other step of a task.
 */
const workflowOfRunner: Record<TaskOperation['runner'], Workflows[TaskWorkflowType]> = {
  engine: operationTask,
  geocoder: geocodeTask,
  platform: platformTask,
};

function flag(value: unknown): boolean {
  return value === '1' || value === 'true';
}

export interface TaskQuery {
  wait?: string;
  cancel_on_disconnect?: string;
  after?: string;
  aggregate?: string;
}

function canSee(identity: Identity, task: { user: string }): boolean {
  return identity.role === 'owner' || task.user === identity.user;
}

/** The user whose tasks a task list shows: undefined (all of them) for the owner. */
export function listedUser(identity: Identity): string | undefined {
  return identity.role === 'owner' ? undefined : identity.user;
}

export class TaskService {
  constructor(private readonly ctx: ApiContext) {}

  /**
   * Stores the task and starts the workflow of its record. Workflows run on the io queue; a task
   * whose record's queue is the solve queue has its work sent there, and a quick operation's
   * workflow runs there itself, with the operation as its local activity.
   */
  async start(identity: Identity, record: TaskOperation, body: unknown, options: Record<string, unknown>): Promise<TaskRecord> {
    const id = newTaskId();
    const task = await this.ctx.tasks.create({
      id,
      account: identity.account,
      user: identity.user,
      operation: record.name,
      options,
      request: JSON.stringify(body),
    });
    const { io, solve } = this.ctx.config.taskQueues;
    const local = record.runner === 'engine' && record.quick === true;
    try {
      await this.ctx.temporal.workflow.start<Workflows[TaskWorkflowType]>(workflowOfRunner[record.runner], {
        workflowId: id,
        taskQueue: local ? solve : io,
        args: [{ taskId: id, ...(record.queue === 'solve' ? { solveQueue: solve } : {}), ...(local ? { local: true as const } : {}) }],
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      });
    } catch (err) {
      this.ctx.log.error({ err, task: id }, 'could not start the task workflow');
      // Temporal out of reach is the service unavailable for a while (503); anything else is a bug.
      const failure =
        unreachableDependency(err) ?? new ApiError(500, 'internal_server_error', 'The task could not be started; retry later.');
      await this.ctx.tasks.finish(id, 'failed', { kind: 'error', body: JSON.stringify(failure.body()) });
      throw failure;
    }
    return task;
  }

  /**
   * A task the caller may see: the owner sees every task of the account, other users only their
   * own; any other task answers 404 as if it did not exist.
   */
  async find(identity: Identity, id: string): Promise<TaskRecord> {
    const task = await this.ctx.tasks.get(identity.account, id);
    if (!task || !canSee(identity, task)) throw new ApiError(404, 'invalid_task_id_error', `No task ${id}.`);
    return task;
  }

  async cancel(task: TaskRecord): Promise<boolean> {
    const canceled = await this.ctx.tasks.finish(task.id, 'canceled');
    if (canceled) {
      try {
        await this.ctx.temporal.workflow.getHandle(task.id).cancel();
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) this.ctx.log.warn({ err, task: task.id }, 'cancel request to Temporal failed');
      }
    }
    return canceled;
  }

  /**
   * Sends what a finished task's result request answers: the result (its problem_aggregates with
   * `aggregate`), its error, or 409. `stored` is the body of its result or error when already read.
   */
  async sendOutcome(task: TaskRecord, reply: FastifyReply, aggregate = false, stored?: string): Promise<void> {
    switch (task.status) {
      case 'completed': {
        const result = stored ?? (await this.ctx.tasks.payload(task.id, 'result'));
        // A task started with aggregate=1 stored its aggregates as the result already.
        if (aggregate && task.options.aggregate !== true && result !== undefined) {
          const request = await this.ctx.tasks.payload(task.id, 'request');
          const aggregates = request === undefined ? undefined : storedResultAggregates(task.operation, request, result);
          if (aggregates !== undefined) {
            await reply.code(200).send(aggregates);
            return;
          }
        }
        await reply.code(200).type('application/json').send(result);
        return;
      }
      case 'failed': {
        const error = stored ?? (await this.ctx.tasks.payload(task.id, 'error'));
        const body = error ? (JSON.parse(error) as ErrorResponse) : errorResponse(500, 'internal_server_error', 'The task failed.');
        await reply.code(body.status_code).send(body);
        return;
      }
      case 'canceled':
        throw new ApiError(409, 'task_canceled_error', `Task ${task.id} was canceled.`);
      case 'running':
        throw new ApiError(409, 'task_not_complete_error', `Task ${task.id} has not completed yet; its result should be available soon.`);
    }
  }

  /**
   * Holds the request until the task changes in a way `done` accepts or WAYPLAN_WAIT_SECONDS pass,
   * reading the task again with `reread` at each change. With cancel_on_disconnect=1 a client that
   * goes away cancels the task.
   */
  async hold(
    task: TaskRecord,
    request: FastifyRequest,
    reply: FastifyReply,
    query: TaskQuery,
    done: (t: TaskRecord) => boolean,
    reread: (t: TaskRecord) => Promise<TaskRecord | undefined> = (t) => this.ctx.tasks.get(t.account, t.id),
  ): Promise<TaskRecord | undefined> {
    const disconnect = new AbortController();
    const onClose = (): void => {
      if (!reply.raw.writableFinished) disconnect.abort();
    };
    reply.raw.once('close', onClose);
    // A client gone before the wait began (while its task was being started) has gone away too.
    if (reply.raw.closed) onClose();
    request.slots?.beginWait();
    const deadline = Date.now() + this.ctx.config.waitSeconds * 1000;
    let current = task;
    // Any change of the task heard before the first wait counts (a quick task may finish before the
    // request gets here); later, only those heard since the last read. At worst one extra read.
    let heardAfter = 0;
    try {
      while (!done(current)) {
        const left = deadline - Date.now();
        if (left <= 0 || disconnect.signal.aborted) break;
        // Re-read at least every 2 s in case a notification was lost.
        await this.ctx.events.nextChange(current.id, Math.min(left, 2000), disconnect.signal, heardAfter);
        heardAfter = this.ctx.events.mark();
        current = (await reread(current)) ?? current;
      }
    } finally {
      reply.raw.off('close', onClose);
    }
    if (disconnect.signal.aborted) {
      if (flag(query.cancel_on_disconnect) && current.status === 'running') {
        request.log.info({ task: current.id }, 'client went away: canceling its task');
        await this.cancel(current);
      }
      return undefined;
    }
    return current;
  }

  /** `wait=1`: the result if the task finishes in time, else 302 to the result URL. */
  async awaitResult(task: TaskRecord, request: FastifyRequest, reply: FastifyReply, query: TaskQuery): Promise<void> {
    // The task is read again with its outcome, so a finished task is answered without another query.
    let outcome: string | undefined;
    const withOutcome = async (t: TaskRecord): Promise<TaskRecord | undefined> => {
      const found = await this.ctx.tasks.getWithOutcome(t.account, t.id);
      outcome = found?.outcome;
      return found?.task;
    };
    const current = await this.hold(task, request, reply, query, (t) => t.status !== 'running', withOutcome);
    if (!current) return;
    if (current.status !== 'running') return this.sendOutcome(current, reply, flag(query.aggregate), outcome);
    const location = `/v1/tasks/${current.id}/result?wait=1${flag(query.cancel_on_disconnect) ? '&cancel_on_disconnect=1' : ''}${flag(query.aggregate) ? '&aggregate=1' : ''}`;
    await reply.code(302).header('Location', location).send(taskRedirectResponse(current));
  }
}

export { flag as queryFlag };
