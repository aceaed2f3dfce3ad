import { Context } from '@temporalio/activity';
import type { TaskStore } from '../store/tasks.js';

export interface RetentionActivityDeps {
  tasks: TaskStore;
  /** Days an ended task (with its request and result) is kept; 0 keeps every task. */
  taskRetentionDays: number;
}

/** Tasks deleted per statement: each batch is a short transaction, and the activity heartbeats between them. */
const batchSize = 1000;
/** A run stops after this many, so a first run over a large backlog ends well inside its timeout; the next run goes on. */
const maxPerRun = 100_000;

export function createRetentionActivities(deps: RetentionActivityDeps) {
  return {
    /** Deletes the tasks that ended more than the retention period ago, oldest first; returns how many. */
    async deleteExpiredTasks(): Promise<number> {
      if (deps.taskRetentionDays === 0) return 0;
      let total = 0;
      while (total < maxPerRun) {
        const deleted = await deps.tasks.deleteEndedBefore(deps.taskRetentionDays, batchSize);
        total += deleted;
        if (deleted < batchSize) break;
        Context.current().heartbeat(total);
      }
      return total;
    },
  };
}

export type RetentionActivities = ReturnType<typeof createRetentionActivities>;
