import { freePort } from '../../runtime/ports.js';
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
async function scrape(url: string): Promise<{ families: Set<string>; value: (sample: string) => number }> {
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
  return { families, value: (sample) => samples.get(sample) ?? 0 };
}

/** Starts a task in deferred mode and polls it to its final status (the test's timeout is the only clock). */
async function runTask(operation: string, body: unknown): Promise<string> {
  const started = await postJson(`${stack.baseUrl}/v1/${operation}`, body, { authorization: user.basic });
  expect(started.status).toBe(200);
  for (;;) {
    const task = await request(`${stack.baseUrl}/v1/tasks/${started.body.task_id}`, { headers: { authorization: user.basic } });
    if (task.body.status !== 'running') return task.body.status as string;
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

  test('the endpoints answer GET /metrics only', async () => {
    expect((await request(apiMetrics.replace('/metrics', '/v1/tasks'))).status).toBe(404);
    expect((await request(workerMetrics, { method: 'POST' })).status).toBe(404);
  });
});
