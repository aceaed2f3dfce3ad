import { createPool, withCancellableClient, type Pool } from '../../store/db.js';

let pool: Pool;

beforeAll(() => {
  pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 3, { statementTimeoutMs: 1000 });
});
afterAll(() => pool.end());

async function sleepingBackends(): Promise<number> {
  const rows = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'`);
  return rows.rows[0].n as number;
}

describe('PostgreSQL work is bounded', () => {
  test("the pool's statement timeout cancels a long statement in PostgreSQL", async () => {
    await expect(pool.query('SELECT pg_sleep(30)')).rejects.toMatchObject({ code: '57014' });
    expect(await sleepingBackends()).toBe(0);
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
      expect(await sleepingBackends()).toBe(0);
    } finally {
      await unlimited.end();
    }
  });
});
