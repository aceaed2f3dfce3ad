import { workerData, type MessagePort } from 'node:worker_threads';
import { runOperation } from '../engine/operations/index.js';
import { OperationError } from '../engine/operation-error.js';
import { takeSearchRuns, type SearchRun } from '../engine/planning/search-tally.js';
import { loadTravelProvider, travelIdentity, type PathProvider } from '../geo/configured-provider.js';
import type { TravelSettings } from '../geo/travel-settings.js';
import { straightLineProvider } from '../geo/straight-line.js';
import { RemoteMatrixStore } from '../geo/travel-cache/cache-port.js';
import { withMatrixCache } from '../geo/travel-cache/cached-provider.js';
import { RecentMatrices } from './recent-matrices.js';

/** What a pool thread is started with: the same for every operation it runs. */
export interface ThreadSetup {
  travel: TravelSettings;
  /** The size of the worker process's matrix cache (0: turned off). */
  travelCacheBytes: number;
  /** Iterations of each build or optimize search thread, instead of the engine's default for the plan's size. */
  searchIterations?: number;
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

const { travel, travelCacheBytes, searchIterations } = workerData as ThreadSetup;
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

/** Evaluations of the warm-up plan a thread runs as it starts, and the plan's size. */
const warmUpRuns = 20;
const warmUpRoutes = 3;
const warmUpStops = 10;

/**
 * A small day's plan on a grid, to warm the engine with: `warmUpRoutes` routes of `warmUpStops`
 * jobs each, plus two open jobs, in the shape of the quick operations' requests.
 */
function warmUpPlan(): Record<string, unknown> {
  const at = (i: number) => `${(0.01 * (i % 7)).toFixed(2)}, ${(0.01 * Math.floor(i / 7)).toFixed(2)}`;
  const job = (id: string, i: number) => ({ id, location: at(i), time_on_site: '00:05' });
  return {
    routes: Array.from({ length: warmUpRoutes }, (_, r) => ({
      id: `r${r}`,
      location: at(r),
      start_time: '07:00',
      jobs: Array.from({ length: warmUpStops }, (_, s) => job(`r${r}j${s}`, r * warmUpStops + s)),
    })),
    jobs: [job('open0', 1), job('open1', 2)],
  };
}

/**
 * Runs the quick operations' path (resolve, evaluate, shape, the JSON of the answer) on the
 * warm-up plan until the engine's code is compiled, so that the thread's first real operation
 * does not pay for it: on a plan of 50 routes × 20 stops that first run took several times a
 * warm one. Travel is straight-line: no travel service is asked at start. Answers the routes
 * evaluated.
 */
async function warmEngine(): Promise<number> {
  let routes = 0;
  for (let run = 0; run < warmUpRuns; run++) {
    const answer = (await runOperation('evaluate', warmUpPlan(), {}, straightLineProvider, () => undefined)) as { routes: unknown[] };
    routes += JSON.parse(JSON.stringify(answer)).routes.length;
  }
  return routes;
}

const warmedRoutes = await warmEngine();

/** What the pool runs to start a thread ahead of its first operation; loading this module is the work. Answers the routes its warm-up evaluated. */
export function warm(): number {
  return warmedRoutes;
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
        ...(searchIterations !== undefined ? { maxIterations: searchIterations } : {}),
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
