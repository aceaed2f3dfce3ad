import { freePort } from '../../runtime/ports.js';
import { databaseUnreachable } from '../../store/database-faults.js';
import { createPool, withTransaction, type Pool } from '../../store/db.js';
import { silentHost } from '../platform/dead-hosts.js';

/**
 * Which failures mean that wayplan's PostgreSQL cannot be reached (the API answers 503) and which
 * are faults of a statement (a bug: 500), on errors a real PostgreSQL and real sockets give.
 */
const suiteDatabase = process.env.WAYPLAN_TEST_DATABASE_URL!;
let pool: Pool;

beforeAll(() => {
  pool = createPool(suiteDatabase, 2);
});

afterAll(() => pool.end());

function at(port: number): string {
  const url = new URL(suiteDatabase);
  url.port = String(port);
  return url.toString();
}

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('the work did not fail');
    },
    (err: unknown) => err,
  );
}

/** The error of one query through a pool of its own on `url`, whose connection attempts end after 0.2 s. */
async function queryAt(url: string): Promise<unknown> {
  const own = createPool(url, 1, { connectTimeoutMs: 200 });
  try {
    return await failure(own.query('SELECT 1'));
  } finally {
    await own.end();
  }
}

test('faults of a statement are not the database being unreachable', async () => {
  const faults = [
    await failure(pool.query('SELEC 1')),
    await failure(pool.query('SELECT 1 / 0')),
    await failure(pool.query('SELECT $1::int', ['not a number'])),
    await failure(pool.query('SELECT * FROM no_such_table')),
    await failure(
      withTransaction(pool, async (client) => {
        await client.query('CREATE TEMPORARY TABLE faults_unique (id int PRIMARY KEY) ON COMMIT DROP');
        await client.query('INSERT INTO faults_unique VALUES (1), (1)');
      }),
    ),
  ];
  expect(faults.map((fault) => (fault as { code?: string }).code)).toEqual(['42601', '22012', '22P02', '42P01', '23505']);
  expect(faults.filter(databaseUnreachable)).toEqual([]);
});

test('a refused connection, an attempt that times out and a connection the server ended are the database unreachable', async () => {
  const refused = await queryAt(at(await freePort()));
  const host = await silentHost();
  const timedOut = await queryAt(at(host.port)).finally(() => host.close());
  const client = await pool.connect();
  let ended: unknown;
  try {
    await pool.query('SELECT pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
    ended = await failure(client.query('SELECT 1'));
  } finally {
    client.release(true);
  }
  expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
  expect((timedOut as Error).message).toBe(`connecting to PostgreSQL at 127.0.0.1:${host.port} timed out after 0.2 s`);
  expect([refused, timedOut, ended].map(databaseUnreachable)).toEqual([true, true, true]);
});
