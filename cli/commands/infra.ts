import { prepareTravel } from '../../geo/configured-provider.js';
import type { Config } from '../../runtime/config.js';
import { startDatabase, startTemporal } from '../../runtime/embedded-services.js';
import type { Logger } from '../../runtime/logger.js';
import { onShutdownSignal } from '../../runtime/signals.js';
import { migrate } from '../../store/migrate.js';
import { bootstrapAdmin } from './start.js';

/**
 * `wayplan infra`: only PostgreSQL and Temporal (migrated), for running `wayplan api` and
 * `wayplan worker` by hand and for the test suite. Prints the addresses as one JSON line.
 * With --exit-with-stdin it stops when its standard input closes, so a test runner that dies
 * takes its servers with it.
 */
export async function infraCommand(config: Config, log: Logger, options: { exitWithStdin?: boolean }): Promise<void> {
  const database = await startDatabase(config, log);
  let temporalStop: () => Promise<void> = () => Promise.resolve();
  const stop = async (): Promise<void> => {
    await temporalStop();
    await database.stop();
  };
  try {
    await migrate(database.url, config.databaseLimits);
    await bootstrapAdmin(config, log, database.url);
    const temporal = await startTemporal(config, log);
    if (prepareTravel(config.travel)) log.info(`imported the road map ${config.travel.map}`);
    temporalStop = temporal.stop;
    process.stdout.write(`${JSON.stringify({ databaseUrl: database.url, temporalAddress: temporal.address })}\n`);
  } catch (err) {
    await stop();
    throw err;
  }
  onShutdownSignal(stop);
  if (options.exitWithStdin) {
    process.stdin.resume();
    process.stdin.once('end', () => process.kill(process.pid, 'SIGTERM'));
    process.stdin.once('error', () => process.kill(process.pid, 'SIGTERM'));
  }
}
