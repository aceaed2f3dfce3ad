import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { writeSyntheticFleet } from '../../bench/nightly/synthetic-fleet.js';
import { connectTemporal } from '../../runtime/temporal-client.js';
import { migrate } from '../../store/migrate.js';
import { nightlyProgressQuery, type NightlyProgress } from '../../workflows/contract.js';
import { runCli } from '../support/cli.js';
import { TestStack, type TestUser } from '../support/stack.js';

/**
 * A worker SIGKILLed while it runs one of the nightly run's storage steps (an io activity that does
 * not heartbeat itself): the other worker takes the step over within the io heartbeat timeout.
 * Temporal does not see a worker die; with a start-to-close timeout alone the run stood still for
 * 10 minutes. The step is held in place by a lock on the table it reads, so the kill lands in it.
 * The stack runs on a database of this file's own: a table lock on the suite's shared database
 * would stall the nightly runs of the other e2e files running alongside.
 */

const planDate = '2026-12-01';
const queuePrefix = `test-dead-step-${process.pid}`;
const database = `wayplan_dead_step_${process.pid}`;
let databaseUrl: string;
let stack: TestStack;
let user: TestUser;
let folder: string;
let temporal: Awaited<ReturnType<typeof connectTemporal>>;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'wayplan-dead-step-'));
  await onSharedServer(`CREATE DATABASE ${database}`);
  const url = new URL(process.env.WAYPLAN_TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  databaseUrl = url.href;
  await migrate(databaseUrl);
  stack = await TestStack.start({ DATABASE_URL: databaseUrl, WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix }, { workers: 2 });
  user = await stack.createUser();
  temporal = await connectTemporal(process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!, 'default');
}, 300000);

afterAll(async () => {
  await temporal?.connection.close();
  await stack?.stop();
  // FORCE: a session of the killed worker ends only once PostgreSQL notices that its client is gone.
  await onSharedServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  rmSync(folder, { recursive: true, force: true });
});

/** One statement on the suite's database server, outside any database this file uses. */
async function onSharedServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a worker killed during a storage step of a nightly run: the other worker takes the step over', async () => {
  const fleet = join(folder, 'fleet');
  writeSyntheticFleet(fleet, { territories: 1, jobsPerTerritory: 20, driversPerTerritory: 2, date: planDate, seed: 7 });
  await stack.query(`INSERT INTO platform_connections(account, name, kind, settings) VALUES ($1, 'fleet', 'csv_folder', $2)`, [
    user.account,
    JSON.stringify({ path: fleet }),
  ]);
  // The geocode step's first read of the step outputs waits on this lock until the worker running it is dead.
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  await lock.query('BEGIN');
  await lock.query('LOCK TABLE pipeline_step_outputs IN ACCESS EXCLUSIVE MODE');
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!,
      WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
    };
    const started = await runCli(
      ['run', 'nightly', '--connection', 'fleet', '--account', user.account, '--date', planDate, '--json', '--time-limit', '2'],
      env,
    );
    expect(started.code).toBe(0);
    const { workflow_id: workflowId } = JSON.parse(started.stdout) as { workflow_id: string };
    const run = temporal.client.workflow.getHandle(workflowId);

    // The territory's workflow, once its storage step has started on a worker.
    let holder: { pid: number; activity: string } | undefined;
    for (const deadline = Date.now() + 120000; holder === undefined && Date.now() < deadline; await sleep(250)) {
      const progress = await run.query<NightlyProgress>(nightlyProgressQuery).catch(() => undefined);
      for (const territory of Object.keys(progress?.territories ?? {})) {
        const description = await temporal.client.workflow
          .getHandle(`${workflowId}:${territory}`)
          .describe()
          .catch(() => undefined);
        const step = description?.raw.pendingActivities?.find((a) => a.activityType?.name === 'prepareGeocoding' && a.lastWorkerIdentity);
        if (step) holder = { pid: Number(step.lastWorkerIdentity!.split('@')[0]), activity: step.activityType!.name! };
      }
    }
    expect(holder).toBeDefined();
    const victim = [0, 1].find((i) => stack.workerPid(i) === holder!.pid);
    expect(victim).toBeDefined();
    await stack.killWorker('SIGKILL', victim);
    const killedAt = Date.now();
    await lock.query('COMMIT');

    // Giving up aborts the wait's calls: a result() left polling would retry on the connection
    // afterAll closes, and crash the jest worker.
    const patience = AbortSignal.timeout(150000);
    const outcome = await temporal.client
      .withAbortSignal(patience, () => run.result())
      .catch((err: unknown) => (patience.aborted ? 'still running 150 s after the kill' : err));
    process.stdout.write(
      `dead-worker step: ${holder!.activity} on the killed worker; run ended ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill\n`,
    );
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(stack.crashes).toEqual([]);
  } finally {
    await lock.end();
  }
}, 400000);
