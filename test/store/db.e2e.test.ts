import { createPool } from '../../store/db.js';

test('a checked-out client whose connection the server ends does not crash the process; the pool recovers', async () => {
  const pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 2);
  const killer = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 1);
  try {
    const client = await pool.connect();
    const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    // As a PostgreSQL restart does to every connection, while this one sits between two queries.
    await killer.query('SELECT pg_terminate_backend($1)', [pid]);
    while ((await killer.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount) await new Promise((r) => setTimeout(r, 50));
    // The server's goodbye reaches the idle client now, as an 'error' event.
    await new Promise((r) => setTimeout(r, 200));
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    expect((await pool.query('SELECT 2 AS two')).rows[0].two).toBe(2);
  } finally {
    await Promise.all([pool.end(), killer.end()]);
  }
});
