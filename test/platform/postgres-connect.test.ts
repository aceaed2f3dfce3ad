import { PlatformConnectTimeoutError, publicPlatformFault } from '../../platform/platform-errors.js';
import type { PlatformLimits } from '../../platform/platform-limits.js';
import { PostgresConnector } from '../../platform/postgres/postgres-connector.js';
import { droppingHost, silentHost, type DeadHost } from './dead-hosts.js';

/**
 * The PostgreSQL connector against platform hosts it cannot connect to, stood in for by local
 * sockets: one that accepts and never answers, one that drops the connection's packets. The
 * connect timeout is made short where it is to end the attempt, and long where only a cancel may.
 */
const range = { start: '2026-11-23', end: '2026-11-23' };
const quickly: PlatformLimits = { connectTimeoutMs: 100, statementTimeoutMs: 60_000, keepAliveIdleMs: 30_000 };
const never: PlatformLimits = { connectTimeoutMs: 3_600_000, statementTimeoutMs: 60_000, keepAliveIdleMs: 30_000 };

const hosts = { silent: silentHost, dropping: droppingHost };

describe.each(Object.keys(hosts) as (keyof typeof hosts)[])('a %s platform host', (kind) => {
  let host: DeadHost;
  beforeEach(async () => {
    host = await hosts[kind]();
  });
  afterEach(() => host.close());

  const connector = (limits: PlatformLimits) =>
    new PostgresConnector(`postgres://fleet:secret@127.0.0.1:${host.port}/fleet`, 'fleet', limits);

  test('an attempt ends at the connect timeout, named for the log and worded for clients', async () => {
    const platform = connector(quickly);
    const failures = await Promise.all([
      platform.listTerritories().catch((err: unknown) => err),
      platform.pull('condamine', range).catch((err: unknown) => err),
    ]);
    await platform.close();
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(PlatformConnectTimeoutError);
      expect((failure as Error).message).toBe(`connecting to the platform database at 127.0.0.1:${host.port} timed out after 0.1 s`);
      expect(publicPlatformFault(failure)).toBe('connecting to the platform database timed out after 0.1 s');
    }
  });

  test('a cancel during the attempt ends it with the cancel', async () => {
    const platform = connector(never);
    const cancel = new AbortController();
    const pulled = platform.pull('condamine', range, cancel.signal).catch((err: unknown) => err);
    cancel.abort();
    expect(await pulled).toBe(cancel.signal.reason);
    // The pool waits for every client it has: it holds none once the attempt is over.
    await platform.close();
  });
});

test('the silent host sees the connection it accepted closed by the timeout and by a cancel', async () => {
  const host = await silentHost();
  try {
    const timedOut = host.nextConnection();
    const quick = new PostgresConnector(`postgres://fleet:secret@127.0.0.1:${host.port}/fleet`, 'fleet', quickly);
    await expect(quick.listTerritories()).rejects.toBeInstanceOf(PlatformConnectTimeoutError);
    await (
      await timedOut
    ).closed;
    await quick.close();

    const canceled = host.nextConnection();
    const slow = new PostgresConnector(`postgres://fleet:secret@127.0.0.1:${host.port}/fleet`, 'fleet', never);
    const cancel = new AbortController();
    const pulled = slow.pull('condamine', range, cancel.signal).catch((err: unknown) => err);
    // Accepted: the client has sent its startup message and waits for an answer.
    const connection = await canceled;
    cancel.abort();
    expect(await pulled).toBe(cancel.signal.reason);
    await connection.closed;
    await slow.close();
  } finally {
    await host.close();
  }
});
