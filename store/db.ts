import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}
