import type { Config } from '../runtime/config.js';
import type { ApiContext, ApiPorts } from './context.js';
import type { Logger } from '../runtime/logger.js';
import { connectTemporal } from '../runtime/temporal-client.js';
import { createPool } from '../store/db.js';
import { AccountSlots } from '../store/account-slots.js';
import { SessionStore } from '../store/sessions.js';
import { ChangeEvents } from '../store/change-events.js';
import { sandboxChannel } from '../store/sandboxes.js';
import { taskChannel, TaskStore } from '../store/tasks.js';
import { UserStore } from '../store/users.js';
import { collectProcessMetrics, serveMetrics } from '../runtime/metrics-endpoint.js';
import { recordFamilies } from './metrics/record-families.js';
import { buildServer } from './server.js';

export interface RunningApi {
  url: string;
  close(): Promise<void>;
}

/** The API process's parts: PostgreSQL pool and listeners, Temporal client, and the ports it is given; `close` ends them. */
export async function connectApiContext(
  config: Config,
  log: Logger,
  databaseUrl: string,
  temporalAddress: string,
  ports: ApiPorts,
): Promise<{ ctx: ApiContext; close(): Promise<void> }> {
  const pool = createPool(databaseUrl, 20, { statementTimeoutMs: config.statementTimeoutSeconds * 1000, ...config.databaseLimits });
  const events = new ChangeEvents(databaseUrl, taskChannel, config.databaseLimits);
  await events.start();
  const sandboxEvents = new ChangeEvents(databaseUrl, sandboxChannel, config.databaseLimits);
  await sandboxEvents.start();
  const { connection, client } = await connectTemporal(temporalAddress, config.temporalNamespace, {
    reachMs: config.temporalConnectTimeoutMs,
  });
  const slots = new AccountSlots(databaseUrl, config.databaseLimits);
  const ctx: ApiContext = {
    config,
    log,
    pool,
    users: new UserStore(pool),
    sessions: new SessionStore(pool, config.sessionTtlSeconds, config.sessionMaxAgeSeconds),
    tasks: new TaskStore(pool),
    events,
    sandboxEvents,
    temporal: client,
    slots,
    ...ports,
  };
  return {
    ctx,
    close: async () => {
      await events.close();
      await sandboxEvents.close();
      await slots.close();
      await connection.close();
      await pool.end();
    },
  };
}

/** Starts the API process: its parts, then the HTTP server. */
export async function runApi(
  config: Config,
  log: Logger,
  databaseUrl: string,
  temporalAddress: string,
  ports: ApiPorts,
): Promise<RunningApi> {
  const { ctx, close } = await connectApiContext(config, log, databaseUrl, temporalAddress, ports);
  const app = buildServer(ctx);
  await app.listen({ host: config.host, port: config.port });
  collectProcessMetrics(ctx.pool, 'api');
  const metrics = config.metrics.apiPort
    ? await serveMetrics(config.metrics.host, config.metrics.apiPort, log, () => recordFamilies(ctx.pool))
    : undefined;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  return {
    url,
    close: async () => {
      await app.close();
      await metrics?.close();
      await close();
    },
  };
}
