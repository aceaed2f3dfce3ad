import pg from 'pg';
import { PlatformConnectTimeoutError } from '../platform-errors.js';

export interface PlatformPool {
  pool: pg.Pool;
  /** Ends every connection attempt in progress: its `pool.connect()` rejects with `reason`. */
  stopConnecting(reason: unknown): void;
}

/** Ends a client's connection attempt: the pool's connect callback gets `reason` as its error. */
function stop(client: pg.Client, reason: unknown): void {
  client.connection.stream.destroy(reason as Error);
}

/**
 * A pool on a customer's platform database whose connection attempts end: after `connectTimeoutMs`
 * with a PlatformConnectTimeoutError naming the host, or at once on `stopConnecting`. Without it an
 * attempt on a host that drops packets waits for the OS's TCP connect timeout (133 s on Linux), and
 * one on a host that accepts the connection and then says nothing (a hung server, a proxy in front
 * of a dead one) waits for ever. pg's own `connectionTimeoutMillis` fails with neither a code nor
 * the host, and pg has no way to stop an attempt on demand.
 */
export function platformPool(url: string, connectTimeoutMs: number, max: number): PlatformPool {
  const connecting = new Set<pg.Client>();
  // The pool makes each client with `new Client(options)` and connects it at once.
  class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      connecting.add(this);
      const host = `${this.host}:${this.port}`;
      const timer = setTimeout(() => stop(this, new PlatformConnectTimeoutError(host, connectTimeoutMs)), connectTimeoutMs);
      // 'connect' comes once the server is ready for queries; 'end' once a failed attempt's socket is closed.
      const settled = (): void => {
        clearTimeout(timer);
        connecting.delete(this);
      };
      this.once('connect', settled);
      this.once('end', settled);
    }
  }
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000, Client: BoundedClient });
  // An idle client losing its connection must not crash the worker.
  pool.on('error', () => undefined);
  return {
    pool,
    stopConnecting: (reason) => {
      for (const client of connecting) stop(client, reason);
    },
  };
}
