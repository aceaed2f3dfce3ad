import type { TaskRecord } from '../../store/tasks.js';

export function taskRedirectResponse(task: TaskRecord): Record<string, string> {
  return {
    task_id: task.id,
    started_time: task.startedTime.toISOString(),
    wait_url: `tasks/${task.id}/result?wait=1`,
    status_url: `tasks/${task.id}`,
  };
}

/**
 * Every field the compatible API's status pages show, under each name they use: the id
 * as `task_id` and `id`, the start as `started_time` and `started_at`, the end as `finished_time`
 * and `finished_at`.
 */
export function taskStatusResponse(task: TaskRecord): Record<string, unknown> {
  const response: Record<string, unknown> = {
    task_id: task.id,
    id: task.id,
    status: task.status,
    operation: task.operation,
    started_time: task.startedTime.toISOString(),
    started_at: task.startedTime.toISOString(),
    last_status_time: task.lastStatusTime.toISOString(),
  };
  if (task.finishedTime) {
    response.finished_time = task.finishedTime.toISOString();
    response.finished_at = task.finishedTime.toISOString();
  }
  if (task.progress !== undefined) response.progress = task.progress;
  return response;
}
