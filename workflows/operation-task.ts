import { ActivityCancellationType, proxyActivities } from '@temporalio/workflow';
import type { TaskActivities } from '../activities/task-activities.js';
import type { OperationTaskInput } from './contract.js';
import { settleTask } from './settle-task.js';

/**
 * One API task: the request and result live in PostgreSQL, so only the task id crosses Temporal.
 * Whatever happens, the task record ends in a final state.
 */
export async function operationTask(input: OperationTaskInput): Promise<void> {
  // CPU work: long and heartbeating, so a dead worker is noticed within the heartbeat timeout.
  const { runOperation } = proxyActivities<TaskActivities>({
    taskQueue: input.solveQueue,
    startToCloseTimeout: '6h',
    heartbeatTimeout: '10s',
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 5 },
  });
  await settleTask(input.taskId, () => runOperation(input.taskId));
}
