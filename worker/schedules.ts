import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { workflowTypes } from '../workflows/contract.js';

/** The schedule id is per task queue, so deployments (and test stacks) sharing one Temporal each get theirs. */
export function sandboxCleanupScheduleId(ioQueue: string): string {
  return `${ioQueue}-sandbox-cleanup`;
}

/**
 * Creates the hourly `sandboxCleanup` schedule unless it exists. Every worker of the queue calls
 * this at start; the first one creates it, the others find it there.
 */
export async function ensureSandboxCleanupSchedule(client: Client, ioQueue: string): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: sandboxCleanupScheduleId(ioQueue),
      spec: { intervals: [{ every: '1h' }] },
      action: { type: 'startWorkflow', workflowType: workflowTypes.sandboxCleanup, taskQueue: ioQueue, args: [] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}
