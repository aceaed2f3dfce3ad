import pg from 'pg';
import { boundedClient, DatabaseConnectTimeoutError, keepAlive } from './connection-bounds.js';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** The bounds of every connection to wayplan's own PostgreSQL (`Config.databaseLimits`). */
export interface ConnectionLimits {
  /** A connection attempt (TCP, TLS, login) that takes longer fails with a DatabaseConnectTimeoutError. */
  connectTimeoutMs: number;
  /** A connection silent this long has its peer probed by TCP keepalive, and fails when that is gone. */
  keepAliveIdleMs: number;
}

/** Each bound applies only when given. */
export interface PoolOptions extends Partial<ConnectionLimits> {
  /** PostgreSQL cancels any statement of this pool that runs longer (server-side `statement_timeout`). */
  statementTimeoutMs?: number;
}

/** The client class and socket settings that apply `limits` (those given) to a pool's or a lone client's connections. */
function bounded({ connectTimeoutMs, keepAliveIdleMs }: Partial<ConnectionLimits>): {
  Client: typeof pg.Client;
  socket: Pick<pg.ClientConfig, 'keepAlive' | 'keepAliveInitialDelayMillis'>;
} {
  return {
    Client:
      connectTimeoutMs === undefined
        ? pg.Client
        : boundedClient(connectTimeoutMs, (host) => new DatabaseConnectTimeoutError(host, connectTimeoutMs)),
    socket: keepAliveIdleMs === undefined ? {} : keepAlive(keepAliveIdleMs),
  };
}

export function createPool(url: string, max = 10, options: PoolOptions = {}): pg.Pool {
  const { statementTimeoutMs, ...limits } = options;
  const { Client, socket } = bounded(limits);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30000,
    ...(statementTimeoutMs !== undefined ? { statement_timeout: Math.round(statementTimeoutMs) } : {}),
    Client,
    ...socket,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor may a client that is checked out between two queries (inside a transaction, say): the pool
  // listens only to idle ones. Its next query fails, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * A connected client of its own (for LISTEN, for migrations), bounded as the pools are (each bound
 * only when given): its connection attempt fails with a DatabaseConnectTimeoutError after
 * `connectTimeoutMs`, and TCP keepalive finds a peer that died without closing the connection.
 * The caller ends it.
 */
export async function connectClient(url: string, limits: Partial<ConnectionLimits> = {}): Promise<pg.Client> {
  const { Client, socket } = bounded(limits);
  const client = new Client({ connectionString: url, ...socket });
  await client.connect();
  return client;
}

/**
 * Runs `work` inside BEGIN … COMMIT on `client`; when it throws, ROLLBACK (whose own failure is
 * ignored) and the error passes on unchanged.
 */
async function inTransaction<T>(client: PoolClient, work: (client: PoolClient) => Promise<T>): Promise<T> {
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** Runs `work` in one transaction on a client of its own (see inTransaction). */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, work);
  } finally {
    client.release();
  }
}

/**
 * Runs `work` on a client of its own; when `signal` aborts meanwhile, the statement running on that
 * client's backend is cancelled in PostgreSQL (the pending query then fails), so that a cancelled
 * task stops costing the database at once rather than at the statement timeout.
 */
export async function withCancellableClient<T>(
  pool: Pool,
  signal: AbortSignal | undefined,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  signal?.throwIfAborted();
  const client = await pool.connect();
  const backend = (client as unknown as { processID: number }).processID;
  const cancel = (): void => {
    pool.query('SELECT pg_cancel_backend($1)', [backend]).catch(() => undefined);
  };
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await work(client);
  } finally {
    signal?.removeEventListener('abort', cancel);
    client.release();
  }
}

/**
 * Runs `work` in one transaction (see inTransaction) on a client whose running statement is
 * cancelled in PostgreSQL when `signal` aborts (see withCancellableClient): `work` then fails, and
 * the transaction rolls back.
 */
export function withCancellableTransaction<T>(
  pool: Pool,
  signal: AbortSignal | undefined,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  return withCancellableClient(pool, signal, (client) => inTransaction(client, work));
}

/**
 * After a bulk insert into a table searched through a trigram GIN index: the new entries wait in
 * the index's pending list, which every search reads in full, until a vacuum merges them, and the
 * planner has no statistics for the new rows until an analyze. Both happen here rather than
 * whenever autovacuum comes by. On a city of 18,000 streets queried right after indexing (load
 * about 14), address queries took p50 45–55 ms without either, 18 ms with the merge alone, 36–53 ms
 * with the analyze alone, and 15 ms with both.
 */
export async function settleTrigramIndex(client: PoolClient | Pool, table: string, trigramIndex: string): Promise<void> {
  await client.query('SELECT gin_clean_pending_list($1::regclass)', [trigramIndex]);
  await client.query(`ANALYZE ${table}`);
}

export interface SimilarityOptions {
  signal?: AbortSignal;
  /** Whether the rows at a threshold are enough; otherwise the next threshold is tried. */
  enough?: (rows: readonly unknown[]) => boolean;
  /**
   * No sequential scan: the planner prices a trigram comparison like a plain operator, so once
   * many rows pass it may score every row of a large table, several times slower than the trigram index.
   */
  indexOnly?: boolean;
}

/**
 * A trigram-similarity query (`%`) in its own transaction, cancelled in PostgreSQL when `signal`
 * aborts: at each threshold in turn until `enough` holds (the last threshold's rows in any case).
 */
export function similarityQuery(
  pool: Pool,
  thresholds: readonly [number, ...number[]],
  sql: string,
  params: unknown[],
  options: SimilarityOptions = {},
): Promise<pg.QueryResult> {
  return withCancellableClient(pool, options.signal, (cancellable) =>
    inTransaction(cancellable, async (client) => {
      if (options.indexOnly) await client.query('SET LOCAL enable_seqscan = off');
      const at = async (threshold: number): Promise<pg.QueryResult> => {
        await client.query(`SET LOCAL pg_trgm.similarity_threshold = ${Number(threshold)}`);
        return client.query(sql, params);
      };
      const [strictest, ...looser] = thresholds;
      let result = await at(strictest);
      for (const threshold of looser) {
        if (options.enough?.(result.rows)) break;
        result = await at(threshold);
      }
      return result;
    }),
  );
}
