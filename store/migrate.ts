import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

// The SQL files stay in the source tree: compiled code runs from dist/store/, two levels below it.
const migrationsDir = fileURLToPath(new URL('../../store/migrations', import.meta.url));

/** Applies pending migrations (plain SQL files in store/migrations); safe to run on every start. */
export async function migrate(databaseUrl: string, log: (message: string) => void = () => undefined): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: migrationsDir,
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
