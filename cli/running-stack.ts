import type { Client } from '@temporalio/client';
import type { Config } from '../runtime/config.js';
import { runningServices } from '../runtime/embedded-services.js';
import type { Logger } from '../runtime/logger.js';
import { connectTemporal } from '../runtime/temporal-client.js';
import { createPool, type Pool } from '../store/db.js';

/**
 * Runs `work` against the running stack's database and Temporal: commands that start workflows
 * (geocode batches, nightly runs, schedules) need the worker of a `wayplan start`.
 */
export async function withRunningStack<T>(
  config: Config,
  log: Logger,
  poolSize: number,
  work: (pool: Pool, client: Client) => Promise<T>,
): Promise<T> {
  const { databaseUrl, temporalAddress } = await runningServices(config, log);
  const pool = createPool(databaseUrl, poolSize, config.databaseLimits);
  try {
    const { connection, client } = await connectTemporal(temporalAddress, config.temporalNamespace, { timeoutMs: 15000 });
    try {
      return await work(pool, client);
    } finally {
      await connection.close();
    }
  } finally {
    await pool.end();
  }
}
