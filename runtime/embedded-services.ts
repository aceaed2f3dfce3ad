import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { EmbeddedPostgres, embeddedUrl, type RunningPostgres } from './postgres.js';
import { portIsOpen } from './ports.js';
import { EmbeddedTemporal, type RunningTemporal } from './temporal-server.js';

export class NotRunningError extends Error {}

/** PostgreSQL from DATABASE_URL, else the embedded server under the data folder (started here if needed). */
export async function startDatabase(config: Config, log: Logger): Promise<RunningPostgres> {
  if (config.databaseUrl) return { url: config.databaseUrl, process: undefined, stop: () => Promise.resolve() };
  return new EmbeddedPostgres(config.dataDir, log).start();
}

/** Temporal from TEMPORAL_ADDRESS, else the embedded dev server (started here). */
export async function startTemporal(config: Config, log: Logger): Promise<RunningTemporal> {
  if (config.temporalAddress)
    return { address: config.temporalAddress, uiUrl: undefined, process: undefined, stop: () => Promise.resolve() };
  return new EmbeddedTemporal(config.dataDir, log, config.temporalUi).start();
}

/** Addresses of services that must already run (for `wayplan api` / `wayplan worker` on their own). */
export async function runningServices(config: Config, log: Logger): Promise<{ databaseUrl: string; temporalAddress: string }> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const pg = new EmbeddedPostgres(config.dataDir, log);
    const info = pg.readInfo();
    if (!info || pg.runningPid() === undefined || !(await portIsOpen(info.port))) {
      throw new NotRunningError(
        `no PostgreSQL: set DATABASE_URL, or run \`wayplan start\` (or \`wayplan infra\`) for the embedded one under ${config.dataDir}`,
      );
    }
    databaseUrl = embeddedUrl(info);
  }
  let temporalAddress = config.temporalAddress;
  if (!temporalAddress) {
    const info = new EmbeddedTemporal(config.dataDir, log).readInfo();
    if (!info || !(await portIsOpen(info.port))) {
      throw new NotRunningError(
        `no Temporal: set TEMPORAL_ADDRESS, or run \`wayplan start\` (or \`wayplan infra\`) for the embedded one under ${config.dataDir}`,
      );
    }
    temporalAddress = `127.0.0.1:${info.port}`;
  }
  return { databaseUrl, temporalAddress };
}
