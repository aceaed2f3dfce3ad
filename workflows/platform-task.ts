import { ActivityCancellationType, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { PlatformActivities } from '../activities/platform-activities.js';
import { settleTask } from './settle-task.js';
import type { Territory } from '../platform/connector.js';

export interface PlatformTaskInput {
  taskId: string;
}

function failureMessage(err: unknown): string {
  let current: unknown = err;
  // The activity's own message sits under the ActivityFailure wrapper.
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  // Only the activities' own PlatformUnreachable failures are worded for clients; anything else
  // (our own database unreachable, a timeout) may name internal hosts and stays in the worker's log.
  return current instanceof ApplicationFailure && current.type === 'PlatformUnreachable' ? current.message : 'the worker could not finish the task';
}

/**
 * A platform pull or sync API task, on the io queue. Faults the client can act on (unknown
 * territory, a platform set up wrongly) end the task inside the activity; an unreachable platform
 * is retried a few times, then the task fails with 503.
 */
export async function platformTask(input: PlatformTaskInput): Promise<void> {
  const { runPlatformTask, failPlatformTask } = proxyActivities<PlatformActivities>({
    startToCloseTimeout: '10m',
    cancellationType: ActivityCancellationType.TRY_CANCEL,
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '10s', maximumAttempts: 4, nonRetryableErrorTypes: ['TaskMissing'] },
  });
  await settleTask(input.taskId, () => runPlatformTask(input.taskId), (err) => failPlatformTask(input.taskId, failureMessage(err)));
}

export interface PlatformTerritoriesInput {
  account: string;
  connection: string;
}

/** The territories of a connection, for `GET /v1/platform/territories` (the API never opens connectors itself). */
export async function platformTerritories(input: PlatformTerritoriesInput): Promise<Territory[]> {
  const { listTerritories } = proxyActivities<PlatformActivities>({
    startToCloseTimeout: '1m',
    retry: { initialInterval: '500ms', maximumInterval: '2s', maximumAttempts: 3, nonRetryableErrorTypes: ['UnknownConnection', 'PlatformSetup'] },
  });
  return listTerritories(input);
}
