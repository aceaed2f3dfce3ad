import { ActivityCancellationType, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { TaskActivities } from '../activities/task-activities.js';
import type { OperationTaskInput } from './contract.js';
import { settleTask } from './settle-task.js';

const retry = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 5 };

/**
 * One API task: the request and result live in PostgreSQL, so only the task id crosses Temporal.
 * Whatever happens, the task record ends in a final state.
 */
export async function operationTask(input: OperationTaskInput): Promise<void> {
  // A quick operation runs in the workflow's own worker, on the solve queue: a worker that dies
  // is noticed by the workflow task's timeout, and a cancel through the API reaches the activity
  // through the task record, as the activity watches it.
  // Any other: CPU work, long and heartbeating, so a dead worker is noticed within the heartbeat timeout.
  const { runOperation } = input.local
    ? proxyLocalActivities<TaskActivities>({
        startToCloseTimeout: '6h',
        cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
        retry,
      })
    : proxyActivities<TaskActivities>({
        taskQueue: input.solveQueue,
        startToCloseTimeout: '6h',
        heartbeatTimeout: '10s',
        cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
        retry,
      });
  await settleTask(input.taskId, () => runOperation(input.taskId));
}
