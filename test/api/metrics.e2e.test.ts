import { freePort } from '../../runtime/ports.js';
import { createPool } from '../../store/db.js';
import { TaskStore } from '../../store/tasks.js';
import { TestStack, type TestUser } from '../support/stack.js';
import { postJson, request } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';

let stack: TestStack;
let user: TestUser;
let apiMetrics: string;
let workerMetrics: string;

beforeAll(async () => {
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  apiMetrics = `http://127.0.0.1:${apiPort}/metrics`;
  workerMetrics = `http://127.0.0.1:${workerPort}/metrics`;
  stack = await TestStack.start({ WAYPLAN_METRICS_PORT: String(apiPort), WAYPLAN_WORKER_METRICS_PORT: String(workerPort) });
  user = await stack.createUser();
});
afterAll(() => stack.stop());

/** The samples of a scrape, keyed by name and labels exactly as written. */
async function scrape(url: string): Promise<{ families: Set<string>; samples: Map<string, number>; value: (sample: string) => number }> {
  const response = await request(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  const families = new Set<string>();
  const samples = new Map<string, number>();
  for (const line of response.text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) families.add(type[1]!);
    else if (line && !line.startsWith('#')) {
      const cut = line.lastIndexOf(' ');
      samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
    }
  }
  return { families, samples, value: (sample) => samples.get(sample) ?? 0 };
}

/** Starts a task in deferred mode and polls it to its final status (the test's timeout is the only clock). */
async function runTask(operation: string, body: unknown, by: TestUser = user): Promise<string> {
  return (await runTaskWithId(operation, body, by)).status;
}

async function runTaskWithId(operation: string, body: unknown, by: TestUser): Promise<{ id: string; status: string }> {
  const started = await postJson(`${stack.baseUrl}/v1/${operation}`, body, { authorization: by.basic });
  expect(started.status).toBe(200);
  for (;;) {
    const task = await request(`${stack.baseUrl}/v1/tasks/${started.body.task_id}`, { headers: { authorization: by.basic } });
    if (task.body.status !== 'running') return { id: started.body.task_id as string, status: task.body.status as string };
    await new Promise((r) => setTimeout(r, 250));
  }
}

function buildProblem(): unknown {
  const { routes } = sequenceProblem(12, { routes: 2, seed: 7 });
  return { jobs: routes.flatMap((route) => route.jobs), routes: routes.map(({ jobs: _jobs, ...route }) => route) };
}

describe('metrics', () => {
  test('after a build, the API and the worker report their families with non-zero values', async () => {
    expect(await runTask('build', buildProblem())).toBe('completed');

    const api = await scrape(apiMetrics);
    for (const name of [
      'wayplan_http_requests_total',
      'wayplan_http_request_duration_seconds',
      'wayplan_tasks_started_total',
      'wayplan_tasks_ended_total',
      'wayplan_tasks_running',
      'wayplan_task_duration_seconds',
      'wayplan_nightly_steps_total',
      'wayplan_nightly_step_duration_seconds',
      'wayplan_db_pool_connections',
    ]) {
      expect(api.families).toContain(name);
    }
    expect(api.value('wayplan_http_requests_total{method="POST",route="/v1/build",status_code="200"}')).toBe(1);
    expect(api.value('wayplan_http_request_duration_seconds_count{method="POST",route="/v1/build",status_code="200"}')).toBe(1);
    expect(api.value('wayplan_tasks_started_total{operation="build"}')).toBeGreaterThanOrEqual(1);
    expect(api.value('wayplan_tasks_ended_total{operation="build",status="completed"}')).toBeGreaterThanOrEqual(1);
    expect(api.value('wayplan_task_duration_seconds_count{operation="build",status="completed"}')).toBeGreaterThanOrEqual(1);
    expect(api.value('wayplan_db_pool_connections{pool="api",state="total"}')).toBeGreaterThan(0);

    const worker = await scrape(workerMetrics);
    for (const name of [
      'wayplan_solver_iterations_total',
      'wayplan_solver_time_to_best_seconds',
      'wayplan_geocoding_attempts_total',
      'wayplan_db_pool_connections',
    ]) {
      expect(worker.families).toContain(name);
    }
    expect(worker.value('wayplan_solver_iterations_total{operation="build"}')).toBeGreaterThan(0);
    expect(worker.value('wayplan_solver_time_to_best_seconds_count{operation="build"}')).toBeGreaterThanOrEqual(1);
    expect(worker.value('wayplan_db_pool_connections{pool="worker",state="total"}')).toBeGreaterThan(0);
    // The Temporal SDK's runtime metrics, passed on from its exporter.
    expect([...worker.families].some((name) => name.startsWith('temporal_'))).toBe(true);
    // Each process shows what it measures: no empty families of the other kind of process.
    expect([...api.families].filter((name) => /^wayplan_(solver|geocoding)_/.test(name))).toEqual([]);
    expect([...worker.families].filter((name) => /^wayplan_(http|tasks?|nightly)_/.test(name))).toEqual([]);
  });

  test('a task the engine refuses counts as failed', async () => {
    const failedZones = 'wayplan_tasks_ended_total{operation="zones",status="failed"}';
    const before = (await scrape(apiMetrics)).value(failedZones);
    // Valid by the schema, but zones needs at least one located job or marker: the operation refuses it.
    expect(await runTask('zones', { jobs: [], zone_count: 2 })).toBe('failed');
    const after = await scrape(apiMetrics);
    expect(after.value(failedZones)).toBe(before + 1);
  });

  test('tasks deleted by retention or with their account stay counted: no task sample goes down', async () => {
    const [kept, leaving] = [await stack.createUser(), await stack.createUser()];
    const old = await runTaskWithId('build', buildProblem(), kept);
    const gone = await runTaskWithId('zones', { jobs: [], zone_count: 2 }, leaving);
    expect([old.status, gone.status]).toEqual(['completed', 'failed']);
    await stack.query(
      `UPDATE tasks SET started_time = now() - interval '41 days', finished_time = now() - interval '40 days' WHERE id = $1`,
      [old.id],
    );
    const taskSamples = (samples: Map<string, number>): [string, number][] =>
      [...samples].filter(([name]) => /^wayplan_tasks?_(started_total|ended_total|duration_seconds)/.test(name));
    const before = taskSamples((await scrape(apiMetrics)).samples);
    expect(before.length).toBeGreaterThan(0);

    const pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 1);
    try {
      expect(await new TaskStore(pool).deleteEndedBefore(30, 1000)).toBeGreaterThanOrEqual(1);
      await pool.query('DELETE FROM accounts WHERE name = $1', [leaving.account]);
      expect((await pool.query('SELECT id FROM tasks WHERE id = ANY($1)', [[old.id, gone.id]])).rowCount).toBe(0);
    } finally {
      await pool.end();
    }
    const after = new Map(taskSamples((await scrape(apiMetrics)).samples));
    // Other test files add tasks meanwhile: a sample may rise, none may fall (sums of seconds are
    // added in another order, hence the rounding margin).
    expect(before.filter(([sample, value]) => (after.get(sample) ?? 0) < value - 1e-6)).toEqual([]);
  });

  test('the endpoints answer GET /metrics only', async () => {
    expect((await request(apiMetrics.replace('/metrics', '/v1/tasks'))).status).toBe(404);
    expect((await request(workerMetrics, { method: 'POST' })).status).toBe(404);
  });
});
