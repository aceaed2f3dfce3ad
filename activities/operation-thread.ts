import { workerData, type MessagePort } from 'node:worker_threads';
import { runOperation } from '../engine/operations/index.js';
import { OperationError } from '../engine/operation-error.js';
import { takeSearchRuns, type SearchRun } from '../engine/planning/search-tally.js';
import { loadTravelProvider, travelIdentity, type PathProvider } from '../geo/configured-provider.js';
import type { TravelSettings } from '../geo/travel-settings.js';
import { RemoteMatrixStore } from '../geo/travel-cache/cache-port.js';
import { withMatrixCache } from '../geo/travel-cache/cached-provider.js';
import { RecentMatrices } from './recent-matrices.js';

/** What a pool thread is started with: the same for every operation it runs. */
export interface ThreadSetup {
  travel: TravelSettings;
  /** The size of the worker process's matrix cache (0: turned off). */
  travelCacheBytes: number;
}

/** One operation for a pool thread. */
export interface ThreadTask {
  operation: string;
  request: string;
  options: Record<string, unknown>;
  /** Parallel searches the planning operations may run (the runner shares the cores out). */
  searchThreads: number;
  /** Where progress goes while the operation runs. */
  progress: MessagePort;
  /** The worker process's travel matrix cache. */
  travelCache?: MessagePort;
}

/** How an operation ends: its answer, its refusal (an error_response), or a crash. */
export type ThreadOutcome =
  { kind: 'result'; body: string } | { kind: 'rejected'; body: string } | { kind: 'crashed'; message: string; stack?: string };

/** The outcome with the solver core's runs of the operation, for the worker's metrics. */
export interface ThreadAnswer {
  outcome: ThreadOutcome;
  runs: SearchRun[];
}

const { travel, travelCacheBytes } = workerData as ThreadSetup;
const recent = new RecentMatrices(travelCacheBytes);
let loaded: { provider: PathProvider; identity: string } | undefined;

/** The road graph (or engine) of the thread, which then serves every operation it runs; its identity names its matrices in the shared cache. */
function travelSource(): { provider: PathProvider; identity: string } {
  loaded ??= { provider: loadTravelProvider(travel), identity: travelIdentity(travel) };
  return loaded;
}

// Loaded as the thread starts, before it takes its first operation. A map that cannot be loaded
// fails each operation instead (a crash, retried), as it did before the pool.
try {
  travelSource();
} catch {
  // reported by the operations that need it
}

/** What the pool runs to start a thread ahead of its first operation: loading this module is the work. */
export function warm(): null {
  return null;
}

/** Runs one operation off the activity's event loop, so heartbeats keep flowing and cancel can end the thread. */
export default async function runTask(task: ThreadTask): Promise<ThreadAnswer> {
  const cache = task.travelCache && new RemoteMatrixStore(task.travelCache, travelCacheBytes);
  try {
    const { provider, identity } = travelSource();
    const travelProvider = recent.serve(cache ? withMatrixCache(provider, cache, identity) : provider);
    const result = await runOperation(
      task.operation,
      JSON.parse(task.request),
      task.options,
      travelProvider,
      (progress) => task.progress.postMessage(progress),
      {
        threads: task.searchThreads,
      },
    );
    const body = JSON.stringify(result);
    return { outcome: { kind: 'result', body }, runs: takeSearchRuns() };
  } catch (err) {
    if (err instanceof OperationError) return { outcome: { kind: 'rejected', body: JSON.stringify(err.body()) }, runs: takeSearchRuns() };
    return {
      outcome: { kind: 'crashed', message: (err as Error).message ?? String(err), stack: (err as Error).stack },
      runs: takeSearchRuns(),
    };
  } finally {
    await cache?.close();
    task.progress.close();
  }
}
