import { CancellationScope, isCancellation, proxyActivities } from '@temporalio/workflow';
import type { TaskActivities } from '../activities/task-activities.js';

/**
 * Runs an API task's work so that, whatever happens, its record ends in a final state: canceled
 * when the workflow was canceled, else `onFailure` (default: `failed`). The error is rethrown so
 * the workflow's own status tells the same story.
 */
export async function settleTask(taskId: string, work: () => Promise<void>, onFailure?: (err: unknown) => Promise<void>): Promise<void> {
  const { finishTask } = proxyActivities<TaskActivities>({
    // One short statement. No heartbeat timeout, as it may run on the solve queue, whose worker does
    // not beat for its activities: this timeout alone bounds how long a worker killed during it
    // holds the task's final state back.
    startToCloseTimeout: '10s',
    retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 20 },
  });
  try {
    await work();
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => finishTask(taskId, 'canceled'));
    } else if (onFailure) {
      await onFailure(err);
    } else {
      await finishTask(taskId, 'failed');
    }
    throw err;
  }
}
