import { parentPort, workerData } from 'node:worker_threads';
import { runOperation } from '../engine/operations/index.js';
import { loadTravelProvider, type TravelSettings } from '../geo/configured-provider.js';
import { OperationError } from '../engine/operations/operation-error.js';

export interface ThreadInput {
  operation: string;
  request: string;
  options: Record<string, unknown>;
  travel: TravelSettings;
}

export type ThreadMessage =
  | { kind: 'progress'; progress: unknown }
  | { kind: 'result'; body: string }
  | { kind: 'rejected'; body: string }
  | { kind: 'crashed'; message: string; stack?: string };

/** Runs one operation off the activity's event loop, so heartbeats keep flowing and cancel can terminate it. */
async function main(): Promise<void> {
  const input = workerData as ThreadInput;
  const post = (message: ThreadMessage): void => parentPort!.postMessage(message);
  try {
    const provider = loadTravelProvider(input.travel);
    const result = await runOperation(input.operation, JSON.parse(input.request), input.options, provider, (progress) => post({ kind: 'progress', progress }));
    post({ kind: 'result', body: JSON.stringify(result) });
  } catch (err) {
    if (err instanceof OperationError) post({ kind: 'rejected', body: JSON.stringify(err.body()) });
    else post({ kind: 'crashed', message: (err as Error).message ?? String(err), stack: (err as Error).stack });
  }
}

await main();
