import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadCsvFolder } from '../../platform/postgres/load-csv-folder.js';
import { createOutputTables, qualified } from '../../platform/postgres/platform-schema.js';
import { connectTemporal } from '../../runtime/temporal-client.js';
import { addPlatformConnection } from '../../store/platform-connections.js';
import { silentHost } from '../platform/dead-hosts.js';
import { samplePlan } from '../platform/sample-plan.js';
import { postJson, postJsonWaiting, request } from '../support/http.js';
import { TestStack, type TestUser } from '../support/stack.js';
import { waitUntil } from '../support/wait.js';

/**
 * A platform task canceled while the customer's platform database is slow to answer (a table its
 * connector reads or writes is locked by someone else): the connector's work on that database ends
 * with the cancel, and nothing of the canceled sync is written there once the table is free again.
 * The platform is a schema of the suite's database; its connection names its sessions, so the test
 * sees what the worker still does there. A pull canceled while its platform host has not answered
 * the connection yet (a local server that accepts and says nothing) ends that attempt.
 */

const demoFleet = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'platform', 'demo-fleet');
const dateRange = { start: '2026-11-23', end: '2026-11-23' };
const schema = `platform_cancel_${process.pid}`;
const sessionName = `wayplan-platform-cancel-${process.pid}`;

let stack: TestStack;
let user: TestUser;
let pool: pg.Pool;
let temporal: Awaited<ReturnType<typeof connectTemporal>>;
let silent: Awaited<ReturnType<typeof silentHost>>;

beforeAll(async () => {
  // Only a cancel may end a connection attempt here.
  stack = await TestStack.start({ WAYPLAN_PLATFORM_CONNECT_TIMEOUT: '3600' });
  user = await stack.createUser();
  pool = new pg.Pool({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL, max: 2 });
  await loadCsvFolder(pool, schema, demoFleet);
  await createOutputTables(pool, schema);
  const url = new URL(process.env.WAYPLAN_TEST_DATABASE_URL!);
  url.searchParams.set('application_name', sessionName);
  await addPlatformConnection(pool, user.account, 'fleet', { kind: 'postgres', settings: { url: url.href, schema } });
  silent = await silentHost();
  await addPlatformConnection(pool, user.account, 'silent', {
    kind: 'postgres',
    settings: { url: `postgres://fleet:pw@127.0.0.1:${silent.port}/fleet`, schema: 'fleet' },
  });
  temporal = await connectTemporal(process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!, 'default');
});

afterAll(async () => {
  await temporal?.connection.close();
  await stack?.stop();
  await silent?.close();
  await pool?.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
  await pool?.end();
});

const auth = () => ({ authorization: user.basic });

/** Sessions the worker's connector holds on the platform database; `waiting`: those waiting for a lock. */
async function platformSessions(waiting = false): Promise<number> {
  const found = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND ($2::boolean IS FALSE OR wait_event_type = 'Lock')`,
    [sessionName, waiting],
  );
  return found.rows[0]!.n;
}

/** How many sessions are left, once none is or after 30 s: a connector that stopped has closed them. */
async function sessionsLeft(): Promise<number> {
  return waitUntil('the connector has no session left', async () => ((await platformSessions()) === 0 ? 0 : undefined), {
    timeoutMs: 30000,
  }).catch(() => platformSessions());
}

interface Canceled {
  /** The connector's sessions still on the platform database after the cancel, while the table is locked. */
  sessionsAfterCancel: number;
  task: string;
  workflow: string;
}

/**
 * Starts a platform task while `table` is locked, cancels it once the connector waits for the lock,
 * and reports what is left of it on the platform; the lock is released before this returns.
 */
async function cancelWhileLocked(table: string, path: string, body: unknown): Promise<Canceled> {
  const lock = new pg.Client({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL });
  await lock.connect();
  try {
    await lock.query('BEGIN');
    await lock.query(`LOCK TABLE ${qualified(schema, table)} IN ACCESS EXCLUSIVE MODE`);
    const started = await postJson(`${stack.baseUrl}${path}`, body, auth());
    expect(started.status).toBe(200);
    const taskId = started.body.task_id as string;
    await waitUntil('the connector waits for the lock', async () => ((await platformSessions(true)) > 0 ? true : undefined), {
      timeoutMs: 60000,
    });
    const canceled = await request(`${stack.baseUrl}/v1/tasks/${taskId}/cancel`, { method: 'POST', headers: auth() });
    expect(canceled.status).toBe(200);
    const sessionsAfterCancel = await sessionsLeft();
    await lock.query('COMMIT');
    const task = (await request(`${stack.baseUrl}/v1/tasks/${taskId}`, { headers: auth() })).body.status as string;
    const run = temporal.client.workflow.getHandle(taskId);
    const workflow = await waitUntil('the workflow ends', async () => {
      const status = (await run.describe()).status.name;
      return status === 'RUNNING' ? undefined : status;
    }).catch(() => 'RUNNING');
    return { sessionsAfterCancel, task, workflow };
  } finally {
    await lock.end();
  }
}

test('a sync canceled while the platform holds its routes table writes nothing there, then or later', async () => {
  const plan = samplePlan();
  const canceled = await cancelWhileLocked('routes', '/v1/platform/sync', {
    connection: 'fleet',
    territory: 'condamine',
    date_range: dateRange,
    run_id: 'canceled-run',
    plan,
  });
  // Once the table is free, a sync that ignored its cancel goes on and writes; give it the time to.
  const sessionsAfterUnlock = await sessionsLeft();
  const written = await pool.query(`SELECT count(*)::int AS n FROM ${qualified(schema, 'routes')} WHERE run_id = 'canceled-run'`);
  const outcome = { ...canceled, sessionsAfterUnlock, routesWritten: written.rows[0].n as number };
  process.stdout.write(`canceled sync: ${JSON.stringify(outcome)}\n`);
  expect(outcome).toEqual({ sessionsAfterCancel: 0, task: 'canceled', workflow: 'CANCELLED', sessionsAfterUnlock: 0, routesWritten: 0 });

  // The platform is usable as before: the same sync, not canceled, writes its route.
  const synced = await postJsonWaiting(
    `${stack.baseUrl}/v1/platform/sync?wait=1`,
    { connection: 'fleet', territory: 'condamine', date_range: dateRange, run_id: 'canceled-run', plan },
    auth(),
  );
  expect(synced.body).toMatchObject({ routes: 1, unchanged: false });
}, 240000);

test('a pull canceled while the platform holds its jobs table stops reading there', async () => {
  const canceled = await cancelWhileLocked('jobs', '/v1/platform/pull', {
    connection: 'fleet',
    territory: 'condamine',
    date_range: dateRange,
  });
  process.stdout.write(`canceled pull: ${JSON.stringify(canceled)}\n`);
  expect(canceled).toEqual({ sessionsAfterCancel: 0, task: 'canceled', workflow: 'CANCELLED' });
}, 240000);

test('a pull canceled while its platform host has not answered the connection ends the attempt', async () => {
  const connection = silent.nextConnection();
  const started = await postJson(
    `${stack.baseUrl}/v1/platform/pull`,
    { connection: 'silent', territory: 'condamine', date_range: dateRange },
    auth(),
  );
  expect(started.status).toBe(200);
  const taskId = started.body.task_id as string;
  // Accepted: the connector has sent its startup message and waits for an answer that never comes.
  const attempt = await connection;
  const canceled = await request(`${stack.baseUrl}/v1/tasks/${taskId}/cancel`, { method: 'POST', headers: auth() });
  expect(canceled.status).toBe(200);
  // Before, the attempt went on for ever (the connect timeout here is an hour).
  await attempt.closed;
  const run = temporal.client.workflow.getHandle(taskId);
  const workflow = await waitUntil('the workflow ends', async () => {
    const status = (await run.describe()).status.name;
    return status === 'RUNNING' ? undefined : status;
  });
  const task = (await request(`${stack.baseUrl}/v1/tasks/${taskId}`, { headers: auth() })).body.status as string;
  expect({ task, workflow }).toEqual({ task: 'canceled', workflow: 'CANCELLED' });
}, 240000);
