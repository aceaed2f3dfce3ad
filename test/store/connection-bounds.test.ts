import net from 'node:net';
import type pg from 'pg';
import { platformPool } from '../../platform/postgres/platform-pool.js';
import { AccountSlots, SlotStoreUnavailableError } from '../../store/account-slots.js';
import { DatabaseConnectTimeoutError } from '../../store/connection-bounds.js';
import { createPool } from '../../store/db.js';
import { migrate } from '../../store/migrate.js';
import { droppingHost, silentHost, type DeadHost } from '../platform/dead-hosts.js';

/**
 * wayplan's own pools against database hosts they cannot connect to, stood in for by local sockets:
 * one that accepts and never answers, one that drops the connection's packets. The connect timeout
 * is made short; that the kernel notices a dead peer through keepalive needs packets dropped on a
 * live connection, which takes network privileges, so here only the socket's setting is checked.
 */
const hosts = { silent: silentHost, dropping: droppingHost };
const url = (host: DeadHost): string => `postgres://wayplan:secret@127.0.0.1:${host.port}/wayplan`;

describe.each(Object.keys(hosts) as (keyof typeof hosts)[])('a %s database host', (kind) => {
  let host: DeadHost;
  beforeEach(async () => {
    host = await hosts[kind]();
  });
  afterEach(() => host.close());

  test('each connection attempt ends at the connect timeout, naming the host; work queued behind them too', async () => {
    // Three queries on two connections: the third waits for a client, then makes its own attempt.
    const pool = createPool(url(host), 2, { connectTimeoutMs: 100 });
    const failures = await Promise.all([1, 2, 3].map(() => pool.query('SELECT 1').catch((err: unknown) => err)));
    // The pool waits for every client it has: it holds none once the attempts are over.
    await pool.end();
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(DatabaseConnectTimeoutError);
      expect((failure as Error).message).toBe(`connecting to PostgreSQL at 127.0.0.1:${host.port} timed out after 0.1 s`);
    }
  });
});

test('the silent host sees the connection it accepted closed by the timeout', async () => {
  const host = await silentHost();
  try {
    const accepted = host.nextConnection();
    const pool = createPool(url(host), 1, { connectTimeoutMs: 100 });
    await expect(pool.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseConnectTimeoutError);
    await (
      await accepted
    ).closed;
    await pool.end();
  } finally {
    await host.close();
  }
});

test('migrations end their connection attempt at the connect timeout too', async () => {
  const host = await silentHost();
  try {
    const accepted = host.nextConnection();
    // Before, node-pg-migrate's own client waited for ever (and `wayplan start` with it).
    await expect(migrate(url(host), { connectTimeoutMs: 100, keepAliveIdleMs: 30_000 })).rejects.toBeInstanceOf(
      DatabaseConnectTimeoutError,
    );
    await (
      await accepted
    ).closed;
  } finally {
    await host.close();
  }
});

const pools: Record<string, (url: string, keepAliveIdleMs: number) => pg.Pool> = {
  'the service pool': (at, keepAliveIdleMs) => createPool(at, 1, { connectTimeoutMs: 100, keepAliveIdleMs }),
  'a platform pool': (at, keepAliveIdleMs) => platformPool(at, { connectTimeoutMs: 100, keepAliveIdleMs }, 1).pool,
};

/** The arguments of every `setKeepAlive` call on a socket while `work` runs. */
async function keepAliveCalls(work: () => Promise<void>): Promise<unknown[][]> {
  const original = net.Socket.prototype.setKeepAlive;
  const calls: unknown[][] = [];
  net.Socket.prototype.setKeepAlive = function (this: net.Socket, ...args: Parameters<net.Socket['setKeepAlive']>) {
    calls.push(args);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    net.Socket.prototype.setKeepAlive = original;
  }
  return calls;
}

test.each(Object.keys(pools))('%s turns TCP keepalive on, after the idle time given, once the TCP connection is made', async (name) => {
  const host = await silentHost();
  try {
    const calls = await keepAliveCalls(async () => {
      const pool = pools[name]!(url(host), 12_000);
      await expect(pool.query('SELECT 1')).rejects.toThrow('timed out after 0.1 s');
      await pool.end();
    });
    expect(calls).toEqual([[true, 12_000]]);
  } finally {
    await host.close();
  }
});

test("the concurrency slots' connection has the pools' bounds: the connect timeout, then TCP keepalive", async () => {
  const host = await silentHost();
  const slots = new AccountSlots(url(host), { connectTimeoutMs: 100, keepAliveIdleMs: 12_000 });
  try {
    const accepted = host.nextConnection();
    const calls = await keepAliveCalls(async () => {
      // Before: pg's own 5 s timeout, whose error says neither what nor where, and no keepalive.
      await expect(slots.acquire('work', 'acme', 3)).rejects.toThrow(
        new SlotStoreUnavailableError(
          `PostgreSQL is unreachable: connecting to PostgreSQL at 127.0.0.1:${host.port} timed out after 0.1 s`,
        ),
      );
    });
    await (
      await accepted
    ).closed;
    expect(calls).toEqual([[true, 12_000]]);
  } finally {
    await slots.close();
    await host.close();
  }
});
