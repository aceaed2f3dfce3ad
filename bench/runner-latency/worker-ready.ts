import { Connection } from '@temporalio/client';
import proto from '@temporalio/proto';

/**
 * Resolves once a worker polls `taskQueue` for workflow tasks. The API answers health checks
 * before the worker has warmed its pool and started polling; requests sent in that gap wait for
 * the worker's start, which is not what a request costs.
 */
export async function workerPolling(temporalAddress: string, taskQueue: string, timeoutMs = 120_000): Promise<void> {
  const connection = await Connection.connect({ address: temporalAddress });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const described = await connection.workflowService.describeTaskQueue({
        namespace: 'default',
        taskQueue: { name: taskQueue },
        taskQueueType: proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      });
      if ((described.pollers ?? []).length > 0) return;
      if (Date.now() > deadline) throw new Error(`no worker polls ${taskQueue} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await connection.close();
  }
}
