import { Client, Connection } from '@temporalio/client';
import { retryUntil } from './retry-until.js';
import { reachingWithin } from './temporal-reach.js';

export interface TemporalConnectOptions {
  /** How long to wait for the namespace to answer. */
  timeoutMs?: number;
  /** When given, each later call fails with DEADLINE_EXCEEDED when it cannot reach the server within this (runtime/temporal-reach.ts). */
  reachMs?: number;
}

/** Connects to Temporal, waiting until the namespace answers (a fresh dev server opens its port before it is ready). */
export async function connectTemporal(
  address: string,
  namespace: string,
  { timeoutMs = 60000, reachMs }: TemporalConnectOptions = {},
): Promise<{ connection: Connection; client: Client }> {
  try {
    return await retryUntil(
      async () => {
        const connection = await Connection.connect({
          address,
          connectTimeout: 5000,
          ...(reachMs === undefined ? {} : reachingWithin(reachMs)),
        });
        try {
          await connection.workflowService.describeNamespace({ namespace });
          return { connection, client: new Client({ connection, namespace }) };
        } catch (err) {
          await connection.close();
          throw err;
        }
      },
      timeoutMs,
      250,
    );
  } catch (err) {
    throw new Error(`Temporal at ${address} (namespace ${namespace}) did not answer: ${String(err)}`);
  }
}
