import { ApplicationFailure } from '@temporalio/activity';
import type { TaskRecord, TaskStore } from '../store/tasks.js';
import { failureTypes } from '../workflows/contract.js';

/**
 * The preamble of every task activity: loads the task and its request and runs `work` on them,
 * unless the task is already final (canceled before the worker got to it, or finished by an
 * earlier attempt), which makes a retry of the activity a no-op.
 */
export async function withRunningTask(
  tasks: TaskStore,
  taskId: string,
  work: (task: TaskRecord, request: string) => Promise<void>,
): Promise<void> {
  const found = await tasks.getWithRequest(taskId);
  if (!found) throw ApplicationFailure.nonRetryable(`task ${taskId} does not exist`, failureTypes.taskMissing);
  const { task, request } = found;
  if (task.status !== 'running') return;
  if (request === undefined) throw ApplicationFailure.nonRetryable(`task ${taskId} has no request`, failureTypes.taskMissing);
  await work(task, request);
}
