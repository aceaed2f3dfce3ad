import { Context } from '@temporalio/activity';
import type { TravelSettings } from '../geo/travel-settings.js';
import { errorResponse } from '../model/types/meta.js';
import type { ChangeEvents } from '../store/change-events.js';
import type { TaskStore } from '../store/tasks.js';
import { operationPool, runOperationActivity } from './operation-runner.js';
import { withRunningTask } from './running-task.js';

export interface TaskActivityDeps {
  tasks: TaskStore;
  /** Where the operation threads get travel times from. */
  travel: TravelSettings;
  /**
   * The task changes PostgreSQL announces. A local activity has no heartbeat to bring it a cancel
   * at once: it watches its task instead, and ends its thread when the API cancels the task.
   */
  changes?: Pick<ChangeEvents, 'nextChange'>;
}

const internalError = JSON.stringify(errorResponse(500, 'internal_server_error', 'The task failed unexpectedly; retry later.'));

/** Why a local activity's operation stopped: its task was put in a final state elsewhere (canceled through the API). */
class TaskEnded extends Error {}

/** A task is re-read this often even when no change is announced, in case one was missed. */
const recheckMs = 5000;

/**
 * Aborts `ended` once the task is no longer running, re-reading it at each change announced for it,
 * until `stop` aborts. The first wait is registered before the caller first reads the task, so a
 * change between that read and this watch is not missed.
 */
function watchTaskEnd(
  deps: TaskActivityDeps,
  changes: Pick<ChangeEvents, 'nextChange'>,
  taskId: string,
  ended: AbortController,
  stop: AbortSignal,
): void {
  let change = changes.nextChange(taskId, recheckMs, stop);
  void (async () => {
    while (!stop.aborted) {
      await change;
      if (stop.aborted) return;
      change = changes.nextChange(taskId, recheckMs, stop);
      const task = await deps.tasks.getById(taskId).catch(() => undefined);
      if (task !== undefined && task.status !== 'running') {
        ended.abort(new TaskEnded(`task ${taskId} is ${task.status}`));
        return;
      }
    }
  })();
}

export function createTaskActivities(deps: TaskActivityDeps) {
  return {
    /**
     * Runs the task's operation on the worker's operation pool and stores its outcome; idempotent on
     * retry. Run as a local activity, it ends as soon as its task is final.
     */
    async runOperation(taskId: string): Promise<void> {
      const ended = new AbortController();
      const stop = new AbortController();
      if (deps.changes && Context.current().info.isLocal) watchTaskEnd(deps, deps.changes, taskId, ended, stop.signal);
      try {
        await withRunningTask(deps.tasks, taskId, async (task, request) => {
          const answer = await runOperationActivity(
            operationPool(deps.travel),
            { operation: task.operation, request, options: task.options },
            (progress) => deps.tasks.setProgress(taskId, progress),
            ended.signal,
          );
          // From here on a cancel meets the store's rule that the first final state wins.
          stop.abort();
          if (answer.kind === 'result') await deps.tasks.finish(taskId, 'completed', { kind: 'result', body: answer.body });
          else await deps.tasks.finish(taskId, 'failed', { kind: 'error', body: answer.body });
        });
      } catch (err) {
        // The task's final state is set already; there is nothing left to store.
        if (!(err instanceof TaskEnded)) throw err;
      } finally {
        stop.abort();
      }
    },

    /** Puts a task in its final state when the workflow ends without a result (cancel, or failure after retries). */
    async finishTask(taskId: string, status: 'canceled' | 'failed'): Promise<void> {
      await deps.tasks.finish(taskId, status, status === 'failed' ? { kind: 'error', body: internalError } : undefined);
    },
  };
}

export type TaskActivities = ReturnType<typeof createTaskActivities>;
