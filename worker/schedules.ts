import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { workflowTypes, type WorkflowType } from '../workflows/contract.js';

// Schedule ids are per task queue, so deployments (and test stacks) sharing one Temporal each get theirs.

export function sandboxCleanupScheduleId(ioQueue: string): string {
  return `${ioQueue}-sandbox-cleanup`;
}

export function taskRetentionScheduleId(ioQueue: string): string {
  return `${ioQueue}-task-retention`;
}

/**
 * Creates the hourly housekeeping schedules (sandbox expiry, task retention) unless they exist.
 * Every worker of the queue calls this at start; the first one creates them, the others find them.
 */
export async function ensureHousekeepingSchedules(client: Client, ioQueue: string): Promise<void> {
  const schedules: [string, WorkflowType][] = [
    [sandboxCleanupScheduleId(ioQueue), workflowTypes.sandboxCleanup],
    [taskRetentionScheduleId(ioQueue), workflowTypes.taskRetention],
  ];
  for (const [scheduleId, workflowType] of schedules) {
    try {
      await client.schedule.create({
        scheduleId,
        spec: { intervals: [{ every: '1h' }] },
        action: { type: 'startWorkflow', workflowType, taskQueue: ioQueue, args: [] },
        policies: { overlap: ScheduleOverlapPolicy.SKIP },
      });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    }
  }
}
