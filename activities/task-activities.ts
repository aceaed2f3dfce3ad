import type { TravelSettings } from '../geo/travel-settings.js';
import { errorResponse } from '../model/types/meta.js';
import type { TaskStore } from '../store/tasks.js';
import { operationPool, runOperationActivity } from './operation-runner.js';
import { withRunningTask } from './running-task.js';

export interface TaskActivityDeps {
  tasks: TaskStore;
  /** Where the operation threads get travel times from. */
  travel: TravelSettings;
}

const internalError = JSON.stringify(errorResponse(500, 'internal_server_error', 'The task failed unexpectedly; retry later.'));

export function createTaskActivities(deps: TaskActivityDeps) {
  return {
    /** Runs the task's operation on the worker's operation pool and stores its outcome; idempotent on retry. */
    async runOperation(taskId: string): Promise<void> {
      await withRunningTask(deps.tasks, taskId, async (task, request) => {
        const answer = await runOperationActivity(
          operationPool(deps.travel),
          { operation: task.operation, request, options: task.options },
          (progress) => deps.tasks.setProgress(taskId, progress),
        );
        if (answer.kind === 'result') await deps.tasks.finish(taskId, 'completed', { kind: 'result', body: answer.body });
        else await deps.tasks.finish(taskId, 'failed', { kind: 'error', body: answer.body });
      });
    },

    /** Puts a task in its final state when the workflow ends without a result (cancel, or failure after retries). */
    async finishTask(taskId: string, status: 'canceled' | 'failed'): Promise<void> {
      await deps.tasks.finish(taskId, status, status === 'failed' ? { kind: 'error', body: internalError } : undefined);
    },
  };
}

export type TaskActivities = ReturnType<typeof createTaskActivities>;
