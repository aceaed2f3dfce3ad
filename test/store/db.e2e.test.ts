import { createPool, withCancellableClient, type Pool } from '../../store/db.js';
import { waitUntil } from '../support/wait.js';

let pool: Pool;

beforeAll(() => {
  pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 3, { statementTimeoutMs: 1000 });
});
afterAll(() => pool.end());

async function sleepingBackends(): Promise<number> {
  const rows = await pool.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'`,
  );
  return rows.rows[0].n as number;
}

/**
 * Waits (well under the 30 s the statement would sleep) until no backend runs it any more: the
 * client hears the cancellation's error a moment before its backend reports itself idle.
 */
const noSleepingBackend = (): Promise<true> =>
  waitUntil('no backend runs pg_sleep(30)', async () => ((await sleepingBackends()) === 0 ? true : undefined), {
    timeoutMs: 10000,
    everyMs: 50,
  });

describe('PostgreSQL work is bounded', () => {
  test("the pool's statement timeout cancels a long statement in PostgreSQL", async () => {
    await expect(pool.query('SELECT pg_sleep(30)')).rejects.toMatchObject({ code: '57014' });
    await noSleepingBackend();
  });

  test('an abort signal cancels the running statement in PostgreSQL', async () => {
    const unlimited = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 2);
    try {
      const controller = new AbortController();
      const running = withCancellableClient(unlimited, controller.signal, (client) => client.query('SELECT pg_sleep(30)'));
      // Abort once the statement is running in PostgreSQL.
      while ((await sleepingBackends()) === 0) await new Promise((r) => setTimeout(r, 50));
      controller.abort();
      await expect(running).rejects.toMatchObject({ code: '57014' });
      await noSleepingBackend();
    } finally {
      await unlimited.end();
    }
  });

  test('a checked-out client whose connection the server ends does not crash the process; the pool recovers', async () => {
    const pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 2);
    const killer = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 1);
    try {
      const client = await pool.connect();
      const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      // As a PostgreSQL restart does to every connection, while this one sits between two queries.
      await killer.query('SELECT pg_terminate_backend($1)', [pid]);
      while ((await killer.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount)
        await new Promise((r) => setTimeout(r, 50));
      // The server's goodbye reaches the idle client now, as an 'error' event.
      await new Promise((r) => setTimeout(r, 200));
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      expect((await pool.query('SELECT 2 AS two')).rows[0].two).toBe(2);
    } finally {
      await Promise.all([pool.end(), killer.end()]);
    }
  });
});
