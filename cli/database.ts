import type { Config } from '../runtime/config.js';
import type { Logger } from '../runtime/logger.js';
import { startDatabase } from '../runtime/embedded-services.js';
import { createPool, type Pool } from '../store/db.js';
import { migrate } from '../store/migrate.js';

/**
 * Runs `work` against the database: DATABASE_URL, or the embedded server under the data folder,
 * started for the duration of the command when it is not already running.
 */
export async function withDatabase<T>(config: Config, log: Logger, work: (pool: Pool) => Promise<T>): Promise<T> {
  const database = await startDatabase(config, log);
  const pool = createPool(database.url, 4, config.databaseLimits);
  try {
    await migrate(database.url, config.databaseLimits);
    return await work(pool);
  } finally {
    await pool.end();
    await database.stop();
  }
}
