import { Worker } from 'node:worker_threads';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { TravelSettings } from '../geo/travel-settings.js';
import { openMatrixCachePort } from '../geo/travel-cache/process-cache.js';
import type { TaskStore } from '../store/tasks.js';
import { failureTypes } from '../workflows/contract.js';
import type { ThreadInput, ThreadMessage, ThreadOutcome } from './operation-thread.js';
import { observeSearch } from './solver-metrics.js';

export interface TaskActivityDeps {
  tasks: TaskStore;
  /** Where the operation threads get travel times from. */
  travel: TravelSettings;
}

const internalError = JSON.stringify({ status_code: 500, error_code: 'internal_server_error', message: 'The task failed unexpectedly; retry later.' });
/** Progress is written to PostgreSQL at most this often; heartbeats carry it every second. */
const progressWriteIntervalMs = 2000;

export function runInThread(input: ThreadInput, onProgress: (progress: unknown) => void, signal: AbortSignal): Promise<ThreadOutcome> {
  return new Promise((resolveRun, reject) => {
    // Threads are per task; travel matrices outlive them in the worker process's cache.
    const cache = openMatrixCachePort();
    const thread = new Worker(new URL('./operation-thread.js', import.meta.url), { workerData: { ...input, travelCache: cache.port }, transferList: [cache.port] });
    let settled = false;
    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      cache.close();
      action();
    };
    const abort = (): void => {
      void thread.terminate();
      settle(() => reject(signal.reason ?? new Error('canceled')));
    };
    signal.addEventListener('abort', abort);
    if (signal.aborted) abort();
    thread.on('message', (message: ThreadMessage) => {
      if (message.kind === 'progress') onProgress(message.progress);
      else if (message.kind === 'search') observeSearch(input.operation, message.runs);
      else settle(() => resolveRun(message));
    });
    thread.on('error', (err) => settle(() => reject(err)));
    thread.on('exit', (code) => settle(() => reject(new Error(`operation thread exited with code ${code} before answering`))));
  });
}

export function createTaskActivities(deps: TaskActivityDeps) {
  return {
    /** Runs the task's operation in a worker thread and stores its outcome; idempotent on retry. */
    async runOperation(taskId: string): Promise<void> {
      const context = Context.current();
      const task = await deps.tasks.getById(taskId);
      if (!task) throw ApplicationFailure.nonRetryable(`task ${taskId} does not exist`, failureTypes.taskMissing);
      // Already final (canceled before the worker got to it, or finished by an earlier attempt).
      if (task.status !== 'running') return;
      const request = await deps.tasks.payload(taskId, 'request');
      if (request === undefined) throw ApplicationFailure.nonRetryable(`task ${taskId} has no request`, failureTypes.taskMissing);

      let latestProgress: unknown;
      let lastWrite = 0;
      const onProgress = (progress: unknown): void => {
        latestProgress = progress;
        if (Date.now() - lastWrite >= progressWriteIntervalMs) {
          lastWrite = Date.now();
          void deps.tasks.setProgress(taskId, progress).catch(() => undefined);
        }
      };
      const beat = setInterval(() => context.heartbeat(latestProgress), 1000);
      context.heartbeat();
      try {
        const outcome = await runInThread({ operation: task.operation, request, options: task.options, travel: deps.travel }, onProgress, context.cancellationSignal);
        switch (outcome.kind) {
          case 'result':
            await deps.tasks.finish(taskId, 'completed', { kind: 'result', body: outcome.body });
            return;
          case 'rejected':
            await deps.tasks.finish(taskId, 'failed', { kind: 'error', body: outcome.body });
            return;
          case 'crashed':
            context.log.error('operation crashed', { taskId, message: outcome.message, stack: outcome.stack });
            throw ApplicationFailure.retryable(outcome.message, failureTypes.operationCrashed);
        }
      } finally {
        clearInterval(beat);
      }
    },

    /** Puts a task in its final state when the workflow ends without a result (cancel, or failure after retries). */
    async finishTask(taskId: string, status: 'canceled' | 'failed'): Promise<void> {
      await deps.tasks.finish(taskId, status, status === 'failed' ? { kind: 'error', body: internalError } : undefined);
    },
  };
}

export type TaskActivities = ReturnType<typeof createTaskActivities>;
