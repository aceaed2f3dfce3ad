import pg from 'pg';
import { boundedClient, keepAlive, stopConnecting } from '../../store/connection-bounds.js';
import { PlatformConnectTimeoutError } from '../platform-errors.js';
import type { PlatformLimits } from '../platform-limits.js';

export interface PlatformPool {
  pool: pg.Pool;
  /** Ends every connection attempt in progress: its `pool.connect()` rejects with `reason`. */
  stopConnecting(reason: unknown): void;
}

/**
 * A pool on a customer's platform database whose connection attempts end: after the connect
 * timeout with a PlatformConnectTimeoutError naming the host (store/connection-bounds.ts says why),
 * or at once on `stopConnecting`, which pg has no way to do. Its connections have TCP keepalive, so
 * that a platform host that dies during a pull or sync fails it instead of holding it for ever.
 */
export function platformPool(url: string, limits: Pick<PlatformLimits, 'connectTimeoutMs' | 'keepAliveIdleMs'>, max: number): PlatformPool {
  const connecting = new Set<pg.Client>();
  const Client = boundedClient(
    limits.connectTimeoutMs,
    (host) => new PlatformConnectTimeoutError(host, limits.connectTimeoutMs),
    connecting,
  );
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000, Client, ...keepAlive(limits.keepAliveIdleMs) });
  // An idle client losing its connection must not crash the worker.
  pool.on('error', () => undefined);
  return {
    pool,
    stopConnecting: (reason) => {
      for (const client of connecting) stopConnecting(client, reason);
    },
  };
}
