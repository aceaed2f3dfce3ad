import { Worker } from 'node:worker_threads';
import type { CompiledInstance } from '../compiled/compiled-instance.js';
import type { SolutionSnapshot, SolveOptions, SolveResult } from '../solve-options.js';
import type { SharedBest, WorkerInput, WorkerMessage } from './messages.js';
import { sharedInstance } from './shared-instance.js';

const WORKER_URL = new URL('./solve-worker.js', import.meta.url);

export interface ParallelSolveOptions extends Omit<SolveOptions, 'sync'> {
  threads: number;
}

/**
 * Runs one search per thread with seeds seed, seed+1, …; whenever a thread reports a new overall
 * best, every other thread receives it and continues from it at its next sync point.
 * Progress events are forwarded only when they improve on the overall best.
 */
export function solveParallel(instance: CompiledInstance, options: ParallelSolveOptions): Promise<SolveResult> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  let shared: SolutionSnapshot | null = null;
  let bestProgress = Infinity;
  const deadline = options.timeLimitMs === undefined ? undefined : Date.now() + options.timeLimitMs;
  const data = sharedInstance(instance);
  const workers = Array.from({ length: Math.max(1, options.threads) }, (_, i) => {
    const input: WorkerInput = {
      instance: data,
      seed: seed + i,
      deadline,
      initial: options.initial,
      maxIterations: options.maxIterations,
      syncIntervalMs: options.syncIntervalMs,
    };
    return new Worker(WORKER_URL, { workerData: input });
  });
  const results = workers.map(
    (worker, index) =>
      new Promise<SolveResult>((resolve, reject) => {
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (code !== 0) reject(new Error(`solver thread ${index} exited with code ${code}`));
        });
        worker.on('message', (message: WorkerMessage) => {
          if (message.kind === 'done') {
            resolve(message.result);
            void worker.terminate();
          } else if (message.kind === 'progress') {
            if (message.event.cost < bestProgress) {
              bestProgress = message.event.cost;
              options.onProgress?.({ ...message.event, elapsedMs: performance.now() - started });
            }
          } else if (!shared || message.snapshot.cost < shared.cost) {
            shared = message.snapshot;
            const broadcast: SharedBest = { snapshot: shared };
            workers.forEach((other, j) => j !== index && other.postMessage(broadcast));
          }
        });
      }),
  );
  return Promise.all(results).then((all) => {
    const best = all.reduce((a, b) => (b.cost < a.cost ? b : a));
    return {
      ...best,
      iterations: all.reduce((sum, result) => sum + result.iterations, 0),
      elapsedMs: performance.now() - started,
    };
  });
}
