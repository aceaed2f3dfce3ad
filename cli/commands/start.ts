import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { prepareTravel } from '../../geo/configured-provider.js';
import type { Config } from '../../runtime/config.js';
import { startDatabase, startTemporal } from '../../runtime/embedded-services.js';
import type { Logger } from '../../runtime/logger.js';
import { compiledPath } from '../../runtime/paths.js';
import { onShutdownSignal } from '../../runtime/signals.js';
import { SupervisedChild } from '../../runtime/supervised-child.js';
import { createPool } from '../../store/db.js';
import { migrate } from '../../store/migrate.js';
import { UserStore } from '../../store/users.js';
import { bootstrapDemoConnection } from './demo-connection.js';

function metricsLines(config: Config): string[] {
  const { host, apiPort, workerPort } = config.metrics;
  const url = (port: number): string => `http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`;
  return [...(apiPort ? [`  metrics    ${url(apiPort)} (API)`] : []), ...(workerPort ? [`             ${url(workerPort)} (worker)`] : [])];
}

async function waitForHealthy(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** Creates WAYPLAN_ADMIN (account owner) when it does not exist yet. */
export async function bootstrapAdmin(config: Config, log: Logger, databaseUrl: string): Promise<void> {
  if (!config.admin) return;
  const pool = createPool(databaseUrl, 2, config.databaseLimits);
  try {
    const created = await new UserStore(pool).ensure(config.admin.account, config.admin.user, config.admin.password, 'owner');
    if (created) log.info(`created admin ${config.admin.account}:${config.admin.user}`);
  } finally {
    await pool.end();
  }
}

/**
 * `wayplan start`: PostgreSQL and the Temporal dev server (embedded unless configured), migrations,
 * the bootstrap admin, then the worker and the API as supervised child processes. SIGINT/SIGTERM
 * stop them in reverse order.
 */
export async function startCommand(config: Config, log: Logger): Promise<void> {
  const database = await startDatabase(config, log);
  const stops: (() => Promise<void>)[] = [database.stop];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    for (const name of await migrate(database.url, config.databaseLimits)) log.info(`applied migration ${name}`);
    await bootstrapAdmin(config, log, database.url);
    await bootstrapDemoConnection(config, log, database.url);
    const temporal = await startTemporal(config, log);
    if (prepareTravel(config.travel)) log.info(`imported the road map ${config.travel.map}`);
    stops.push(temporal.stop);
    const env = { DATABASE_URL: database.url, TEMPORAL_ADDRESS: temporal.address, WAYPLAN_SUPERVISED: '1' };
    const cli = compiledPath('cli', 'main.js');
    const worker = new SupervisedChild('worker', process.execPath, [cli, 'worker'], env, log);
    const api = new SupervisedChild('api', process.execPath, [cli, 'api'], env, log);
    worker.start();
    stops.push(() => worker.stop());
    api.start();
    stops.push(() => api.stop());
    onShutdownSignal(async (signal) => {
      log.info(`${signal}: stopping`);
      await stopAll();
      log.info('stopped');
    });
    if (await waitForHealthy(config.serverUrl, 120000)) {
      process.stdout.write(
        [
          '',
          `wayplan is running`,
          `  API        ${config.serverUrl}/v1   (health: ${config.serverUrl}/healthz)`,
          `  login      POST ${config.authUrl}/login`,
          `  Temporal   ${temporal.address}${temporal.uiUrl ? `\n  Temporal UI ${temporal.uiUrl}/namespaces/${config.temporalNamespace}/workflows/<task id>` : ''}`,
          `  PostgreSQL ${database.url.replace(/:[^:@/]*@/, ':***@')}`,
          ...metricsLines(config),
          `  data       ${config.dataDir}`,
          config.admin
            ? `  admin      ${config.admin.account}:${config.admin.user}`
            : '  no admin configured: add users with `npx wayplan users add <account>:<user> --owner`',
          ...(existsSync(join(config.dataDir, 'demo-fleet'))
            ? ['', 'Try next: npx wayplan run nightly --connection demo --wait   (plans the demo fleet for tomorrow)']
            : []),
          'Press Ctrl-C to stop.',
          '',
        ].join('\n'),
      );
    } else {
      log.error(`the API did not become healthy at ${config.serverUrl}/healthz; see the log above`);
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
}
