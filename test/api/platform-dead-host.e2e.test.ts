import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { addPlatformConnection } from '../../store/platform-connections.js';
import { runCli } from '../support/cli.js';
import { postJson, request } from '../support/http.js';
import { TestStack, type TestUser } from '../support/stack.js';
import { waitUntil } from '../support/wait.js';
import { silentHost, type DeadHost } from '../platform/dead-hosts.js';

/**
 * A PostgreSQL platform connection whose host accepts connections and never answers: the
 * territories, a pull task and a nightly run fail with the platform's own 503 and its wording,
 * once the connect timeout (0.2 s here) has ended each attempt and the retries have run out.
 */
const dateRange = { start: '2026-11-23', end: '2026-11-23' };
const env = { WAYPLAN_PLATFORM_CONNECT_TIMEOUT: '0.2', WAYPLAN_TASK_QUEUE_PREFIX: `dead-host-${randomBytes(4).toString('hex')}` };
const timedOut = 'connecting to the platform database timed out after 0.2 s';
/** What clients never see: the host's address and port, the database user. */
const internals = (host: DeadHost) => new RegExp(`127\\.0\\.0\\.1|:${host.port}\\b|fleet_secret_user`);

let stack: TestStack;
let user: TestUser;
let host: DeadHost;

beforeAll(async () => {
  host = await silentHost();
  stack = await TestStack.start(env);
  user = await stack.createUser();
  const pool = new pg.Pool({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL, max: 1 });
  try {
    await addPlatformConnection(pool, user.account, 'silent', {
      kind: 'postgres',
      settings: { url: `postgres://fleet_secret_user:pw@127.0.0.1:${host.port}/fleet`, schema: 'fleet' },
    });
  } finally {
    await pool.end();
  }
});

afterAll(async () => {
  await stack?.stop();
  await host?.close();
});

const auth = () => ({ authorization: user.basic });

// The three run at once: each mostly waits out its own retries (the nightly run's pull alone backs
// off 1 + 2 + 4 + 8 + 16 s), and none changes what the others see.

test.concurrent('the territories answer 503 with the kind of fault', async () => {
  const response = await request(`${stack.baseUrl}/v1/platform/territories?connection=silent`, { headers: auth() });
  expect(response.status).toBe(503);
  expect(response.body).toMatchObject({
    error_code: 'service_unavailable_error',
    message: `The fleet platform of connection silent could not be read: ${timedOut}.`,
  });
  expect(response.text).not.toMatch(internals(host));
});

test.concurrent('a pull task fails with 503 once its retries have run out', async () => {
  const started = await postJson(
    `${stack.baseUrl}/v1/platform/pull`,
    { connection: 'silent', territory: 'condamine', date_range: dateRange },
    auth(),
  );
  expect(started.status).toBe(200);
  const taskUrl = `${stack.baseUrl}/v1/tasks/${started.body.task_id}`;
  await waitUntil('the task has ended', async () => {
    const status = (await request(taskUrl, { headers: auth() })).body.status as string;
    return status === 'running' ? undefined : status;
  });
  const result = await request(`${taskUrl}/result`, { headers: auth() });
  expect(result.status).toBe(503);
  expect(result.body).toMatchObject({
    error_code: 'service_unavailable_error',
    message: `The fleet platform could not be reached: ${timedOut}`,
  });
  expect(result.text).not.toMatch(internals(host));
});

test.concurrent(
  "a nightly run's territory fails at its pull with the kind of fault",
  async () => {
    const run = await runCli(
      [
        'run',
        'nightly',
        '--connection',
        'silent',
        '--account',
        user.account,
        '--territory',
        'condamine',
        '--date',
        dateRange.start,
        '--wait',
        '--json',
      ],
      env,
    );
    expect(run.code).toBe(1);
    const { run_id: runId } = JSON.parse(run.stdout) as { run_id: string };
    const shown = await request(`${stack.baseUrl}/v1/platform/runs/${runId}`, { headers: auth() });
    expect(shown.body).toMatchObject({
      status: 'failed',
      error: '1 of 1 territories failed',
      territories: [{ territory: 'condamine', status: 'failed', error: `pull: ${timedOut}` }],
    });
    expect(shown.text).not.toMatch(internals(host));
  },
  240000,
);
