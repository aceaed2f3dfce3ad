import { createServer } from 'node:http';
import { collectDefaultMetrics, Gauge, register } from 'prom-client';
import type { Logger } from './logger.js';

export interface MetricsEndpoint {
  url: string;
  close(): Promise<void>;
}

/** What pg's Pool says about its connections (kept structural: runtime does not import store). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Node's own process metrics and the PostgreSQL pool's use, in the process-wide registry. `pool`
 * names which of the process's pools it is.
 */
export function collectProcessMetrics(pool: PoolCounts, poolName: string): void {
  collectDefaultMetrics();
  new Gauge({
    name: 'wayplan_db_pool_connections',
    help: 'PostgreSQL pool connections of this process: total open, idle, and requests waiting for one',
    labelNames: ['pool', 'state'],
    collect() {
      this.set({ pool: poolName, state: 'total' }, pool.totalCount);
      this.set({ pool: poolName, state: 'idle' }, pool.idleCount);
      this.set({ pool: poolName, state: 'waiting' }, pool.waitingCount);
    },
  });
}

/**
 * `GET /metrics` in Prometheus text format on its own port, apart from the API: it has no
 * login, so it listens where only the operator's scraper reaches (127.0.0.1 unless configured).
 * `extra` appends families that are not in the registry (read from PostgreSQL or another exporter).
 */
export function serveMetrics(
  host: string,
  port: number,
  log: Logger,
  extra: () => Promise<string> = () => Promise.resolve(''),
): Promise<MetricsEndpoint | undefined> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    Promise.all([register.metrics(), extra()]).then(
      ([own, more]) => response.writeHead(200, { 'content-type': register.contentType }).end(`${own}\n${more}`),
      (err: unknown) => {
        log.error({ err }, 'collecting metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('collecting metrics failed\n');
      },
    );
  });
  // A taken port costs the metrics, not the process: the API or worker serves on without them.
  return new Promise((resolveEndpoint) => {
    server.once('error', (err) => {
      log.error({ err }, `no metrics from this process: cannot listen on ${host}:${port}`);
      resolveEndpoint(undefined);
    });
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`;
      log.info(`metrics at ${url}`);
      resolveEndpoint({ url, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
