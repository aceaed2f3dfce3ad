import { NativeConnection } from '@temporalio/worker';
import { retryUntil } from '../runtime/retry-until.js';

export interface WorkerConnectOptions {
  /** How long to keep trying before the worker gives up. */
  timeoutMs: number;
  /** Pause between attempts. */
  retryMs?: number;
}

/**
 * The worker's connection to Temporal, tried again until `timeoutMs` has passed, as the API waits for
 * its own: a worker started with its Temporal (a host booting, a dev server that opens its port
 * after a few seconds) waits for it instead of exiting at the first refusal. The error names the
 * address, which the SDK's own message leaves out when the server accepts and never answers.
 */
export async function connectWorkerTemporal(
  address: string,
  { timeoutMs, retryMs = 500 }: WorkerConnectOptions,
): Promise<NativeConnection> {
  try {
    return await retryUntil(() => NativeConnection.connect({ address }), timeoutMs, retryMs);
  } catch (err) {
    throw new Error(`Temporal at ${address} did not answer within ${timeoutMs / 1000} s: ${(err as Error).message}`, { cause: err });
  }
}
