import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { solve } from '../solve.js';
import type { SolutionSnapshot } from '../solve-options.js';
import type { SharedBest, WorkerInput, WorkerMessage } from './messages.js';

const port = parentPort!;
const input = workerData as WorkerInput;
const post = (message: WorkerMessage): void => port.postMessage(message);

/**
 * The search loop is synchronous, so shared bests are drained with receiveMessageOnPort at each
 * sync point instead of through event handlers.
 */
function sync(best: SolutionSnapshot): SolutionSnapshot | null {
  post({ kind: 'best', snapshot: best });
  let shared: SolutionSnapshot | null = null;
  for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
    const { snapshot } = message.message as SharedBest;
    if (!shared || snapshot.cost < shared.cost) shared = snapshot;
  }
  return shared;
}

const result = solve(input.instance, {
  seed: input.seed,
  timeLimitMs: input.deadline === undefined ? undefined : Math.max(0, input.deadline - Date.now()),
  initial: input.initial,
  maxIterations: input.maxIterations,
  syncIntervalMs: input.syncIntervalMs,
  sync,
  onProgress: (event) => post({ kind: 'progress', event }),
});
post({ kind: 'done', result });
