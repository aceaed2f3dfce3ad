import { availableParallelism } from 'node:os';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { runOperation } from '../engine/operations/index.js';
import { takeSearchRuns, type SearchRun } from '../engine/planning/search-tally.js';
import { loadTravelProvider, travelIdentity, type TravelSettings } from '../geo/configured-provider.js';
import { RemoteMatrixStore } from '../geo/travel-cache/cache-port.js';
import { withMatrixCache } from '../geo/travel-cache/cached-provider.js';
import { OperationError } from '../engine/operation-error.js';

export interface ThreadInput {
  operation: string;
  request: string;
  options: Record<string, unknown>;
  travel: TravelSettings;
  /** The worker process's travel matrix cache (set by runInThread). */
  travelCache?: MessagePort;
}

export type ThreadMessage =
  | { kind: 'progress'; progress: unknown }
  | { kind: 'search'; runs: SearchRun[] }
  | { kind: 'result'; body: string }
  | { kind: 'rejected'; body: string }
  | { kind: 'crashed'; message: string; stack?: string };

/** How an operation thread ends. */
export type ThreadOutcome = Exclude<ThreadMessage, { kind: 'progress' | 'search' }>;

/** Runs one operation off the activity's event loop, so heartbeats keep flowing and cancel can terminate it. */
async function main(): Promise<void> {
  const input = workerData as ThreadInput;
  const post = (message: ThreadMessage): void => parentPort!.postMessage(message);
  try {
    const cache = input.travelCache && new RemoteMatrixStore(input.travelCache);
    const provider = cache ? withMatrixCache(loadTravelProvider(input.travel), cache, travelIdentity(input.travel)) : loadTravelProvider(input.travel);
    // The planning search of build and optimize runs one search per core, sharing their best.
    const tuning = { threads: availableParallelism() };
    const result = await runOperation(input.operation, JSON.parse(input.request), input.options, provider, (progress) => post({ kind: 'progress', progress }), tuning);
    await cache?.close();
    post({ kind: 'search', runs: takeSearchRuns() });
    post({ kind: 'result', body: JSON.stringify(result) });
  } catch (err) {
    post({ kind: 'search', runs: takeSearchRuns() });
    if (err instanceof OperationError) post({ kind: 'rejected', body: JSON.stringify(err.body()) });
    else post({ kind: 'crashed', message: (err as Error).message ?? String(err), stack: (err as Error).stack });
  }
}

await main();
