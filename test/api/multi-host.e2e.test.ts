import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSyntheticFleet } from '../../bench/nightly/synthetic-fleet.js';
import { repoRoot } from '../../runtime/paths.js';
import { connectTemporal } from '../../runtime/temporal-client.js';
import { runCli } from '../support/cli.js';
import { postJson, request } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';
import { TestStack, type TestUser } from '../support/stack.js';
import { heldSlots } from '../support/account-slots.js';
import { waitUntil } from '../support/wait.js';

/**
 * The multi-host layout of the README: two `wayplan api` and two `wayplan worker` processes on one
 * PostgreSQL and one Temporal.
 */
let stack: TestStack;
let busy: TestUser;
let calm: TestUser;
let folder: string;
const limit = 4;
const queuePrefix = `test-multi-${process.pid}`;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'wayplan-multi-host-'));
  stack = await TestStack.start(
    { WAYPLAN_CONCURRENCY_LIMIT: String(limit), WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix },
    { apis: 2, workers: 2 },
  );
  busy = await stack.createUser();
  calm = await stack.createUser();
}, 120000);
afterAll(async () => {
  await stack.stop();
  rmSync(folder, { recursive: true, force: true });
});

const get = (api: number, path: string, user: TestUser) =>
  request(`${stack.apiUrl(api)}${path}`, { headers: { authorization: user.basic } });

test('a task started on one API process is awaited and listed on the other', async () => {
  const started = await postJson(`${stack.apiUrl(0)}/v1/sequence`, sequenceProblem(20), { authorization: busy.basic });
  let result = await get(1, `/v1/tasks/${started.body.task_id}/result?wait=1`, busy);
  while (result.status === 302) result = await get(1, result.headers.get('location')!, busy);
  expect(result.status).toBe(200);
  expect((await get(1, '/v1/tasks', busy)).body.tasks.map((t: { task_id: string }) => t.task_id)).toContain(started.body.task_id);
});

test('the work limit holds over both API processes; other accounts are unaffected', async () => {
  // GET territories waits for a worker to read the platform: with the workers paused it holds its
  // slot. Paused, not restarted: the requests give up after 30 s, and restarted workers could take
  // longer than that to start polling on a busy machine, where resumed ones poll at once.
  const demoFleet = join(repoRoot, 'platform', 'demo-fleet');
  await stack.query(`INSERT INTO platform_connections(account, name, kind, settings) VALUES ($1, 'files', 'csv_folder', $2)`, [
    busy.account,
    JSON.stringify({ path: demoFleet }),
  ]);
  stack.pauseWorker(0);
  stack.pauseWorker(1);
  let holding: Promise<Awaited<ReturnType<typeof get>>[]>;
  let rejected: Awaited<ReturnType<typeof get>>[];
  let otherAccount: Awaited<ReturnType<typeof get>>;
  try {
    holding = Promise.all(Array.from({ length: limit }, (_, i) => get(i % 2, '/v1/platform/territories', busy)));
    await waitUntil(`${limit} requests hold every work slot`, async () =>
      (await heldSlots(stack, 'work', busy.account)) === limit ? true : undefined,
    );
    rejected = await Promise.all([get(0, '/v1/tasks', busy), get(1, '/v1/tasks', busy)]);
    otherAccount = await get(1, '/v1/tasks', calm);
  } finally {
    stack.resumeWorker(0);
    stack.resumeWorker(1);
  }
  expect(rejected.map((r) => r.status)).toEqual([429, 429]);
  expect(rejected[0]!.body).toMatchObject({ status_code: 429, error_code: 'too_many_requests_error' });
  expect(otherAccount.status).toBe(200);
  const held = await holding;
  expect(held.map((r) => r.status)).toEqual(Array(limit).fill(200));
  expect((await get(1, '/v1/tasks', busy)).status).toBe(200);
}, 90000);

test('a nightly run of four territories is planned by both workers', async () => {
  const fleet = join(folder, 'fleet');
  writeSyntheticFleet(fleet, { territories: 4, jobsPerTerritory: 40, driversPerTerritory: 3, date: '2026-12-01' });
  const env = { WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix, WAYPLAN_DATA_DIR: process.env.WAYPLAN_TEST_DATA_DIR };
  expect((await runCli(['platform', 'add', 'four', '--account', calm.account, '--csv-folder', fleet, '--no-check'], env)).code).toBe(0);
  const run = await runCli(
    ['run', 'nightly', '--connection', 'four', '--account', calm.account, '--date', '2026-12-01', '--time-limit', '2', '--wait', '--json'],
    env,
  );
  expect(run.code).toBe(0);
  const json = JSON.parse(run.stdout) as {
    run_id: string;
    status: string;
    territories: { status: string; jobs: number; routed: number; unrouted: unknown[] }[];
  };
  expect(json.status).toBe('completed');
  expect(json.territories).toHaveLength(4);
  for (const territory of json.territories) expect(territory.routed + territory.unrouted.length).toBe(40);

  // Who ran what: every workflow and activity task of the run and its territories names its worker.
  const { connection, client } = await connectTemporal(process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!, 'default');
  try {
    const workflowId = (await stack.query('SELECT workflow_id FROM pipeline_runs WHERE id = $1', [json.run_id])).rows[0]
      .workflow_id as string;
    const identities = new Set<string>();
    const children: string[] = [];
    for (const event of (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? []) {
      const child = event.childWorkflowExecutionStartedEventAttributes?.workflowExecution?.workflowId;
      if (child) children.push(child);
    }
    expect(children).toHaveLength(4);
    for (const child of children) {
      for (const event of (await client.workflow.getHandle(child).fetchHistory()).events ?? []) {
        const identity = event.activityTaskStartedEventAttributes?.identity ?? event.workflowTaskStartedEventAttributes?.identity;
        if (identity) identities.add(identity.split('@')[0]!);
      }
    }
    expect([...identities].map(Number).sort()).toEqual([stack.workerPid(0), stack.workerPid(1)].sort());
  } finally {
    await connection.close();
  }
}, 240000);
