import { parentPort, receiveMessageOnPort } from 'node:worker_threads';
import { solve } from '../solve.js';
import type { ProgressEvent, SolutionSnapshot } from '../solve-options.js';
import type { MainMessage, SolveTask, WorkerMessage } from './messages.js';

const port = parentPort!;
const post = (message: WorkerMessage): void => port.postMessage(message);

/**
 * The search loop is synchronous, so shared bests are drained with receiveMessageOnPort at each
 * sync point instead of through event handlers.
 */
function sync(best: SolutionSnapshot): SolutionSnapshot | null {
  post({ kind: 'best', snapshot: best });
  let shared: SolutionSnapshot | null = null;
  for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
    const received = message.message as MainMessage;
    if (received.kind === 'shared' && (!shared || received.snapshot.cost < shared.cost)) shared = received.snapshot;
  }
  return shared;
}

function run(task: SolveTask): void {
  const result = solve(task.instance, {
    seed: task.seed,
    timeLimitMs: task.deadline === undefined ? undefined : Math.max(0, task.deadline - Date.now()),
    maxIterations: task.maxIterations,
    constructionLimitMs: task.constructionLimitMs,
    initial: task.initial,
    cooling: task.cooling,
    ...(task.share
      ? { syncIntervalMs: task.syncIntervalMs, sync, onProgress: (event: ProgressEvent) => post({ kind: 'progress', event }) }
      : {}),
  });
  post({ kind: 'done', result });
}

// Bests shared after a search ended arrive here and are stale by then.
port.on('message', (message: MainMessage) => {
  if (message.kind === 'solve') run(message);
});
