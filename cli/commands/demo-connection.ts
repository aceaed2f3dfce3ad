import { cp, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../runtime/config.js';
import type { Logger } from '../../runtime/logger.js';
import { repoRoot } from '../../runtime/paths.js';
import { createPool } from '../../store/db.js';
import { addPlatformConnection, ConnectionExistsError } from '../../store/platform-connections.js';
import { ensureAccount } from '../../store/users.js';

/** The demo fleet shipped in the repository (platform/FORMATS.md). */
export const demoFleetFolder = join(repoRoot, 'platform', 'demo-fleet');
export const demoConnectionName = 'demo';
/** Owner of the demo connection when no WAYPLAN_ADMIN is set: an account without users, reached by the CLI. */
export const demoAccountName = 'demo';

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * On the first start (no working copy yet) the bootstrap account — WAYPLAN_ADMIN's, else an account
 * `demo` without users — gets a connection `demo` to a working copy of the demo fleet under the data
 * folder, so that `wayplan run nightly --connection demo --wait` works right after a plain
 * `npm start`; routes.csv and stops.csv are written into that copy, never into the repository.
 * WAYPLAN_DEMO=0 turns it off; a connection removed later is not added again.
 */
export async function bootstrapDemoConnection(
  config: Pick<Config, 'admin' | 'dataDir' | 'demo' | 'databaseLimits'>,
  log: Pick<Logger, 'info'>,
  databaseUrl: string,
): Promise<void> {
  if (!config.demo) return;
  const account = config.admin?.account ?? demoAccountName;
  const copy = join(config.dataDir, 'demo-fleet');
  if (await exists(copy)) return;
  await cp(demoFleetFolder, copy, { recursive: true, filter: (source) => !/[/\\](routes|stops)\.csv$/.test(source) });
  const pool = createPool(databaseUrl, 1, config.databaseLimits);
  try {
    await ensureAccount(pool, account);
    await addPlatformConnection(pool, account, demoConnectionName, { kind: 'csv_folder', settings: { path: copy } });
    log.info(`added platform connection ${account}:${demoConnectionName} (demo fleet in ${copy})`);
  } catch (err) {
    if (!(err instanceof ConnectionExistsError)) throw err;
  } finally {
    await pool.end();
  }
}
