import { proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention-activities.js';

/** Started hourly by a Temporal Schedule: deletes the tasks that ended more than the retention period ago. */
export async function taskRetention(): Promise<number> {
  const { deleteExpiredTasks } = proxyActivities<RetentionActivities>({
    startToCloseTimeout: '10m',
    heartbeatTimeout: '1m',
    retry: { initialInterval: '5s', maximumInterval: '1m', maximumAttempts: 10 },
  });
  return deleteExpiredTasks();
}
