import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import { connectClient, type ConnectionLimits } from './db.js';

// The SQL files stay in the source tree: compiled code runs from dist/store/, two levels below it.
const migrationsDir = fileURLToPath(new URL('../../store/migrations', import.meta.url));

/**
 * Applies pending migrations (plain SQL files in store/migrations); safe to run on every start. On
 * a connection of its own bounded by `limits` (`Config.databaseLimits`) when given: the runner's
 * own client has no connect timeout, so a database host that never answers held a start for ever.
 */
export async function migrate(databaseUrl: string, limits?: ConnectionLimits): Promise<string[]> {
  const client = await connectClient(databaseUrl, limits);
  try {
    const applied = await runner({
      dbClient: client,
      dir: migrationsDir,
      direction: 'up',
      migrationsTable: 'schema_migrations',
      migrationLoaderStrategies: [{ extensions: ['.sql'], loader: 'sql' }],
      checkOrder: true,
      singleTransaction: true,
      advisoryLockMode: 'wait',
      log: () => undefined,
    });
    return applied.map((m) => m.name);
  } finally {
    await client.end().catch(() => undefined);
  }
}
