import { ActivityCancellationType, proxyActivities } from '@temporalio/workflow';
import type { GeocodeActivities } from '../activities/geocode-activities.js';
import { failureTypes, type GeocodeTaskInput } from './contract.js';
import { settleTask } from './settle-task.js';

/**
 * A geocode or reverse_geocode API task: I/O rather than CPU, so its activity runs on the io
 * queue with the workflow. Upstream faults are answered per address inside the activity; the
 * retry policy here covers the worker or the database going away.
 */
export async function geocodeTask(input: GeocodeTaskInput): Promise<void> {
  const { runGeocodeTask } = proxyActivities<GeocodeActivities>({
    startToCloseTimeout: '1h',
    heartbeatTimeout: '30s',
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: {
      initialInterval: '1s',
      backoffCoefficient: 2,
      maximumInterval: '30s',
      maximumAttempts: 5,
      nonRetryableErrorTypes: [failureTypes.taskMissing],
    },
  });
  await settleTask(input.taskId, () => runGeocodeTask(input.taskId));
}
