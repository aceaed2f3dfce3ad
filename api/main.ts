import type { Config } from '../runtime/config.js';
import type { Logger } from '../runtime/logger.js';
import { connectTemporal } from '../runtime/temporal-client.js';
import { createPool } from '../store/db.js';
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

/** Starts the API process's parts: PostgreSQL pool and listener, Temporal client, HTTP server. */
export async function runApi(config: Config, log: Logger, databaseUrl: string, temporalAddress: string): Promise<RunningApi> {
  const pool = createPool(databaseUrl, 20);
  const events = new ChangeEvents(databaseUrl, taskChannel);
  await events.start();
  const sandboxEvents = new ChangeEvents(databaseUrl, sandboxChannel);
  await sandboxEvents.start();
  const { connection, client } = await connectTemporal(temporalAddress, config.temporalNamespace);
  const app = buildServer({
    config,
    log,
    pool,
    users: new UserStore(pool),
    sessions: new SessionStore(pool, config.sessionTtlSeconds),
    tasks: new TaskStore(pool),
    events,
    sandboxEvents,
    temporal: client,
  });
  await app.listen({ host: config.host, port: config.port });
  collectProcessMetrics(pool, 'api');
  const metrics = config.metrics.apiPort ? await serveMetrics(config.metrics.host, config.metrics.apiPort, log, () => recordFamilies(pool)) : undefined;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  return {
    url,
    close: async () => {
      await app.close();
      await metrics?.close();
      await events.close();
      await sandboxEvents.close();
      await connection.close();
      await pool.end();
    },
  };
}
