import { ActivityCancellationType, proxyActivities } from '@temporalio/workflow';
import type { PlatformActivities } from '../activities/platform-activities.js';
import {
  failureMessage,
  failureTypes,
  ioHeartbeatTimeout,
  type PlatformTaskInput,
  type PlatformTerritoriesInput,
  type ShownFailures,
  type Territory,
} from './contract.js';
import { settleTask } from './settle-task.js';

/**
 * Only the activities' own PlatformUnreachable failures are worded for clients; anything else (our
 * own database unreachable, a timeout) may name internal hosts and stays in the worker's log.
 */
const shownToClients: ShownFailures = { types: [failureTypes.platformUnreachable], otherwise: 'the worker could not finish the task' };

/**
 * A platform pull or sync API task, on the io queue. Faults the client can act on (unknown
 * territory, a platform set up wrongly) end the task inside the activity; an unreachable platform
 * is retried a few times, then the task fails with 503.
 */
export async function platformTask(input: PlatformTaskInput): Promise<void> {
  const { runPlatformTask, failPlatformTask } = proxyActivities<PlatformActivities>({
    startToCloseTimeout: '10m',
    // The io worker beats for it: a worker that dies during a pull or sync is noticed within this.
    heartbeatTimeout: ioHeartbeatTimeout,
    cancellationType: ActivityCancellationType.TRY_CANCEL,
    retry: {
      initialInterval: '1s',
      backoffCoefficient: 2,
      maximumInterval: '10s',
      maximumAttempts: 4,
      nonRetryableErrorTypes: [failureTypes.taskMissing],
    },
  });
  await settleTask(
    input.taskId,
    () => runPlatformTask(input.taskId),
    (err) => failPlatformTask(input.taskId, failureMessage(err, shownToClients)),
  );
}

/** The territories of a connection, for `GET /v1/platform/territories` (the API never opens connectors itself). */
export async function platformTerritories(input: PlatformTerritoriesInput): Promise<Territory[]> {
  const { listTerritories } = proxyActivities<PlatformActivities>({
    startToCloseTimeout: '1m',
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: {
      initialInterval: '500ms',
      maximumInterval: '2s',
      maximumAttempts: 3,
      nonRetryableErrorTypes: [failureTypes.unknownConnection, failureTypes.platformSetup],
    },
  });
  return listTerritories(input);
}
