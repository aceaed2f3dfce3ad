import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { taskRetentionScheduleId } from '../../worker/schedules.js';
import { useTestStack, type TestUser } from '../support/stack.js';
import { postJson, postJsonWaiting, request, type JsonResponse } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';
import { waitUntil } from '../support/wait.js';

// Long enough for a small task to finish within one hold on a busy machine, short enough for hops.
const queuePrefix = `test-tasks-${randomBytes(4).toString('hex')}`;
const { stack, user } = useTestStack({ WAYPLAN_WAIT_SECONDS: '3', WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix });
let other: TestUser;

beforeAll(async () => {
  other = await stack.createUser();
});

const auth = () => ({ authorization: user.basic });
const get = (path: string, who: TestUser = user) => request(`${stack.baseUrl}${path}`, { headers: { authorization: who.basic } });

function waitForStatus(taskId: string, status: string, timeoutMs = 60000): Promise<JsonResponse> {
  return waitUntil(
    `task ${taskId} is ${status}`,
    async () => {
      const response = await get(`/v1/tasks/${taskId}`);
      return response.body.status === status ? response : undefined;
    },
    { timeoutMs, everyMs: 200 },
  );
}

/** Each route of the result visits exactly the jobs it was given. */
function expectSameJobsPerRoute(
  problem: ReturnType<typeof sequenceProblem>,
  result: { routes: { id: string; stops: { id: string; type: string }[] }[] },
): void {
  expect(result.routes.map((r) => r.id)).toEqual(problem.routes.map((r) => r.id));
  problem.routes.forEach((route, i) => {
    const visited = result.routes[i]!.stops.filter((s) => s.type === 'job').map((s) => s.id);
    expect([...visited].sort()).toEqual(route.jobs.map((j) => j.id).sort());
  });
}

describe('tasks', () => {
  test('deferred mode answers a task_redirect_response, then status and result', async () => {
    const problem = sequenceProblem(8, { routes: 2 });
    const started = await postJson(`${stack.baseUrl}/v1/sequence`, problem, auth());
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      task_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      started_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      wait_url: `tasks/${started.body.task_id}/result?wait=1`,
      status_url: `tasks/${started.body.task_id}`,
    });
    const done = await waitForStatus(started.body.task_id, 'completed');
    expect(done.body).toMatchObject({ task_id: started.body.task_id, operation: 'sequence', finished_time: expect.any(String) });
    const result = await get(`/v1/tasks/${started.body.task_id}/result`);
    expect(result.status).toBe(200);
    expectSameJobsPerRoute(problem, result.body);
    expect(result.body.unrouted_jobs).toEqual([]);
  });

  // Whether a task beats the 3 s hold is a race on a loaded machine; a finished task's is not.
  test('wait=1 answers the result (after its 302s, as a client follows them), directly once the task is done', async () => {
    const problem = sequenceProblem(6);
    const response = await postJsonWaiting(`${stack.baseUrl}/v1/sequence?wait=1`, problem, auth());
    expect(response.status).toBe(200);
    expectSameJobsPerRoute(problem, response.body);
    const started = await postJson(`${stack.baseUrl}/v1/sequence`, problem, auth());
    await waitForStatus(started.body.task_id, 'completed');
    const direct = await get(`/v1/tasks/${started.body.task_id}/result?wait=1`);
    expect(direct.status).toBe(200);
    expectSameJobsPerRoute(problem, direct.body);
  });

  test('wait=1 on a longer task redirects with 302 every WAYPLAN_WAIT_SECONDS until done', async () => {
    const problem = sequenceProblem(200, { timeLimit: '00:00:08' });
    let response = await postJson(`${stack.baseUrl}/v1/sequence?wait=1`, problem, auth());
    let hops = 0;
    while (response.status === 302) {
      hops++;
      const location = response.headers.get('location')!;
      expect(location).toBe(`/v1/tasks/${response.body.task_id}/result?wait=1`);
      expect(response.body.wait_url).toBe(`tasks/${response.body.task_id}/result?wait=1`);
      response = await get(location);
    }
    expect(hops).toBeGreaterThanOrEqual(2);
    expect(response.status).toBe(200);
    expectSameJobsPerRoute(problem, response.body);
  });

  test('result while running: 409 task_not_complete_error; cancel: 409 task_canceled_error', async () => {
    const started = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(200, { timeLimit: '00:01:00' }), auth());
    const id = started.body.task_id;
    const early = await get(`/v1/tasks/${id}/result`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ status_code: 409, error_code: 'task_not_complete_error' });

    const canceled = await request(`${stack.baseUrl}/v1/tasks/${id}/cancel`, { method: 'POST', headers: auth() });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ task_id: id, message: `Task ${id} was canceled.` });
    const result = await get(`/v1/tasks/${id}/result`);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ status_code: 409, error_code: 'task_canceled_error' });
    expect((await get(`/v1/tasks/${id}`)).body.status).toBe('canceled');
    const again = await request(`${stack.baseUrl}/v1/tasks/${id}/cancel`, { method: 'POST', headers: auth() });
    expect(again.body).toMatchObject({ task_id: id, status: 'canceled' });
  });

  test('status with after= waits for a newer status and redirects while nothing changes', async () => {
    const started = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(200, { timeLimit: '00:00:03' }), auth());
    const id = started.body.task_id;
    let status = await get(`/v1/tasks/${id}`);
    while (status.body.status === 'running') {
      const after: string = status.body.last_status_time;
      status = await get(`/v1/tasks/${id}?after=${encodeURIComponent(after)}`);
      if (status.status === 302) {
        expect(status.headers.get('location')).toBe(`/v1/tasks/${id}?after=${encodeURIComponent(after)}`);
        status = await get(`/v1/tasks/${id}`);
        continue;
      }
      expect(status.status).toBe(200);
      expect(status.body.status !== 'running' || status.body.last_status_time > after).toBe(true);
    }
    expect(status.body.status).toBe('completed');
    const bad = await get(`/v1/tasks/${id}?after=yesterday`);
    expect(bad.status).toBe(400);
  });

  test("another account's task is indistinguishable from a missing one", async () => {
    const started = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(5), auth());
    const id = started.body.task_id;
    for (const path of [`/v1/tasks/${id}`, `/v1/tasks/${id}/result`, '/v1/tasks/AAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await get(path, other);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status_code: 404, error_code: 'invalid_task_id_error' });
    }
    const cancel = await request(`${stack.baseUrl}/v1/tasks/${id}/cancel`, { method: 'POST', headers: { authorization: other.basic } });
    expect(cancel.status).toBe(404);
    expect((await get('/v1/tasks', other)).body.tasks.map((t: { task_id: string }) => t.task_id)).not.toContain(id);
    await waitForStatus(id, 'completed');
  });

  test('the task list is newest first, filters by status and pages with a cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(3, { seed: i }), auth())).body.task_id);
    for (const id of ids) await waitForStatus(id, 'completed');
    const first = await get('/v1/tasks?limit=2&status=completed');
    expect(first.body.tasks).toHaveLength(2);
    expect(first.body.tasks[0].task_id).toBe(ids[2]);
    expect(first.body.tasks[1].task_id).toBe(ids[1]);
    const second = await get(`/v1/tasks?limit=2&status=completed&cursor=${first.body.next_cursor}`);
    expect(second.body.tasks[0].task_id).toBe(ids[0]);
    expect((await get('/v1/tasks?status=bogus')).status).toBe(400);
  });

  test('cancel_on_disconnect=1 cancels the task when the waiting client goes away', async () => {
    const before = new Set((await get('/v1/tasks?limit=1000')).body.tasks.map((t: { task_id: string }) => t.task_id));
    const controller = new AbortController();
    const pending = fetch(`${stack.baseUrl}/v1/sequence?wait=1&cancel_on_disconnect=1`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(sequenceProblem(200, { timeLimit: '00:01:00', seed: 99 })),
      signal: controller.signal,
    }).catch(() => undefined);
    const newTasks = async () =>
      (await get('/v1/tasks?limit=1000')).body.tasks.filter((t: { task_id: string }) => !before.has(t.task_id)) as { task_id: string }[];
    // The client goes away once the task exists and the request waits on it.
    await waitUntil('the task is started', async () => ((await newTasks()).length > 0 ? true : undefined));
    controller.abort();
    await pending;
    const created = await newTasks();
    expect(created).toHaveLength(1);
    await waitForStatus(created[0]!.task_id, 'canceled', 30000);
  });

  test('the hourly taskRetention schedule deletes tasks ended more than 30 days ago, with their payloads, and keeps running ones', async () => {
    const start = async (seed: number, body = sequenceProblem(4, { seed })): Promise<string> =>
      (await postJson(`${stack.baseUrl}/v1/sequence`, body, auth())).body.task_id as string;
    const [old, recent] = [await start(11), await start(12)];
    for (const id of [old, recent]) await waitForStatus(id, 'completed');
    const running = await start(13, sequenceProblem(200, { timeLimit: '00:01:00', seed: 13 }));
    const payloads = async (id: string): Promise<string[]> =>
      (await stack.query('SELECT request_payload, result_payload FROM tasks WHERE id = $1', [id])).rows.flatMap((r) =>
        [r.request_payload, r.result_payload].filter((p) => p !== null),
      );
    const oldPayloads = await payloads(old);
    expect(oldPayloads).toHaveLength(2);
    await stack.query(
      `UPDATE tasks SET started_time = now() - interval '41 days', finished_time = CASE WHEN status = 'running' THEN NULL ELSE now() - interval '40 days' END
        WHERE id = ANY($1)`,
      [[old, running]],
    );
    const connection = await Connection.connect({ address: process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS! });
    try {
      const schedule = new Client({ connection }).schedule.getHandle(taskRetentionScheduleId(`${queuePrefix}-io`));
      expect((await schedule.describe()).action).toMatchObject({ type: 'startWorkflow', workflowType: 'taskRetention' });
      await schedule.trigger();
      await waitUntil('the scheduled retention deleted the old task', async () =>
        (await stack.query('SELECT 1 FROM tasks WHERE id = $1', [old])).rowCount === 0 ? true : undefined,
      );
    } finally {
      await connection.close();
    }
    expect((await stack.query('SELECT count(*)::int AS n FROM payloads WHERE id = ANY($1)', [oldPayloads])).rows[0].n).toBe(0);
    expect((await get(`/v1/tasks/${old}`)).status).toBe(404);
    expect((await get(`/v1/tasks/${recent}/result`)).status).toBe(200);
    expect((await get(`/v1/tasks/${running}`)).body.status).toBe('running');
    await request(`${stack.baseUrl}/v1/tasks/${running}/cancel`, { method: 'POST', headers: auth() });
    await waitForStatus(running, 'canceled');
  });
});
