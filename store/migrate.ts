import { join } from 'node:path';
import { runner } from 'node-pg-migrate';
import { repoRoot } from '../runtime/paths.js';

/** Applies pending migrations (plain SQL files in store/migrations); safe to run on every start. */
export async function migrate(databaseUrl: string, log: (message: string) => void = () => undefined): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: join(repoRoot, 'store', 'migrations'),
    direction: 'up',
    migrationsTable: 'schema_migrations',
    migrationLoaderStrategies: [{ extensions: ['.sql'], loader: 'sql' }],
    checkOrder: true,
    singleTransaction: true,
    advisoryLockMode: 'wait',
    log: () => undefined,
  });
  for (const migration of applied) log(`applied migration ${migration.name}`);
  return applied.map((m) => m.name);
}
