import { availableParallelism } from 'node:os';
import { MessageChannel, type Worker } from 'node:worker_threads';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { Piscina } from 'piscina';
import type { TravelSettings } from '../geo/travel-settings.js';
import { openMatrixCachePort, processMatrixCache } from '../geo/travel-cache/process-cache.js';
import type { ThreadAnswer, ThreadSetup, ThreadTask } from './operation-thread.js';
import { observeSearch } from './solver-metrics.js';
import { failureTypes } from '../workflows/contract.js';

/** One operation to run: its name, its request as stored (JSON text) and the task's options. */
export interface OperationRun {
  operation: string;
  request: string;
  options: Record<string, unknown>;
}

/** What a run answers: the operation's result, or its refusal as an error_response (both JSON text). */
export type OperationAnswer = { kind: 'result'; body: string } | { kind: 'rejected'; body: string };

/**
 * A warm pool of operation threads: each loads the engine and the road graph once (`warm` starts
 * them all ahead of the first operation), then stays and runs one operation after the other.
 * Cancel ends the work at once: the thread running it is terminated (with any search threads it
 * started), and a fresh one starts only when an operation needs it, so that a canceled worker
 * goes quiet.
 *
 * Search threads: build and optimize search on several threads of their own (`solveParallel`).
 * The pool gives each operation the cores divided by the operations running at its start (at
 * least one), so that a lone build keeps every core and a full pool runs one search per
 * operation instead of threads × threads on the same cores.
 */
export class OperationPool {
  private readonly pool: Piscina<ThreadTask | null, ThreadAnswer | number>;
  private running = 0;

  constructor(
    travel: TravelSettings,
    readonly threads: number = availableParallelism(),
    searchIterations?: number,
  ) {
    const setup: ThreadSetup = {
      travel,
      travelCacheBytes: processMatrixCache().maxBytes,
      ...(searchIterations !== undefined ? { searchIterations } : {}),
    };
    this.pool = new Piscina({
      filename: new URL('./operation-thread.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      // One operation per thread at a time: the engine's search tally is per thread.
      concurrentTasksPerWorker: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: setup,
    });
  }

  /**
   * Starts every thread and resolves once each has loaded the engine and the road graph and run
   * the engine on a small plan (a thread does as it starts): the first alone, so that a map that
   * needs importing is imported once. Answers, per thread asked, the routes its warm-up evaluated.
   */
  async warm(): Promise<number[]> {
    const first = (await this.pool.run(null, { name: 'warm' })) as number;
    const rest = await Promise.all(Array.from({ length: this.threads }, () => this.pool.run(null, { name: 'warm' })));
    return [first, ...(rest as number[])];
  }

  /** The pool's threads now (a canceled operation's thread is gone until an operation needs one again). */
  get workers(): readonly Worker[] {
    return this.pool.threads;
  }

  /**
   * Runs the operation on a pool thread; `onProgress` gets its progress events. Rejects with the
   * signal's reason once it aborts, having terminated the thread.
   */
  async run(run: OperationRun, onProgress: (progress: unknown) => void, signal: AbortSignal): Promise<ThreadAnswer['outcome']> {
    const progress = new MessageChannel();
    progress.port1.on('message', onProgress);
    const cache = openMatrixCachePort();
    this.running++;
    const task: ThreadTask = {
      ...run,
      searchThreads: Math.max(1, Math.floor(this.threads / this.running)),
      progress: progress.port2,
      travelCache: cache.port,
    };
    try {
      const answer = (await this.pool.run(task, { transferList: [progress.port2, cache.port], signal })) as ThreadAnswer;
      observeSearch(run.operation, answer.runs);
      return answer.outcome;
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err;
      return { kind: 'crashed', message: (err as Error).message ?? String(err), stack: (err as Error).stack };
    } finally {
      this.running--;
      progress.port1.close();
      cache.close();
    }
  }

  /** Ends the threads; the process's next `operationPool` call makes a new pool. */
  async close(): Promise<void> {
    for (const [key, pool] of pools) if (pool === this) pools.delete(key);
    await this.pool.destroy();
  }
}

const pools = new Map<string, OperationPool>();

/**
 * The worker process's pool for its travel settings, made on first use with `threads` threads and,
 * when given, `searchIterations` per search thread of a build or optimize.
 */
export function operationPool(travel: TravelSettings, threads = availableParallelism(), searchIterations?: number): OperationPool {
  const key = JSON.stringify(travel);
  let pool = pools.get(key);
  if (pool === undefined) {
    pool = new OperationPool(travel, threads, searchIterations);
    pools.set(key, pool);
  }
  return pool;
}

/** Progress is written to its store at most this often; heartbeats carry it every second. */
const progressWriteIntervalMs = 2000;

/**
 * Runs one operation from inside an activity, as task and pipeline steps do: heartbeats every
 * second with the latest progress (and hands it to `saveProgress` at most every 2 s; a local activity's first 2 s after its start), ends the
 * thread when Temporal cancels the activity or `stop` aborts (rejecting with its reason), and
 * turns a crash into a retryable failure. A local activity has no heartbeat: it sends none.
 */
export async function runOperationActivity(
  pool: OperationPool,
  run: OperationRun,
  saveProgress?: (progress: unknown) => Promise<void>,
  stop?: AbortSignal,
): Promise<OperationAnswer> {
  let latestProgress: unknown;
  const context = Context.current();
  // A local activity (a quick operation: evaluate, recommend, insert) waits the interval before
  // its first write too: it usually ends sooner and stores no progress, so a client waiting for
  // its result is woken once, by the result. Any other operation shows progress at once.
  let lastWrite = context.info.isLocal ? Date.now() : 0;
  const onProgress = (progress: unknown): void => {
    latestProgress = progress;
    if (saveProgress && Date.now() - lastWrite >= progressWriteIntervalMs) {
      lastWrite = Date.now();
      void saveProgress(progress).catch(() => undefined);
    }
  };
  const beats = !context.info.isLocal;
  const beat = beats ? setInterval(() => context.heartbeat(latestProgress), 1000) : undefined;
  if (beats) context.heartbeat();
  try {
    const signal = stop ? AbortSignal.any([context.cancellationSignal, stop]) : context.cancellationSignal;
    const outcome = await pool.run(run, onProgress, signal);
    if (outcome.kind !== 'crashed') return outcome;
    context.log.error('operation crashed', { operation: run.operation, message: outcome.message, stack: outcome.stack });
    throw ApplicationFailure.retryable(outcome.message, failureTypes.operationCrashed);
  } finally {
    clearInterval(beat);
  }
}
