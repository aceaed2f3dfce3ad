import { freePort } from '../../runtime/ports.js';
import { silentHost } from '../platform/dead-hosts.js';
import { forwarder, type Forwarder } from '../support/forwarder.js';
import { postJson, request, type JsonResponse } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';
import { TestStack, type TestUser } from '../support/stack.js';

/**
 * The API's Temporal frontend becoming unreachable: the API reaches it through an address of this
 * file's, which forwards to the suite's Temporal and is then closed (connections refused) or taken
 * by a host that accepts connections and never speaks. A task the API cannot start answers 503
 * service_unavailable_error with Retry-After, naming no address, and the task records that answer;
 * the API gives up once it has not reached Temporal within WAYPLAN_CONNECT_TIMEOUT (1 s here), so
 * that healthz's probe reports the API's own failure rather than its 3 s deadline. Once Temporal is
 * back the next request is served, and a Temporal that is reached but slow to answer is waited for.
 */
const suiteTemporal = process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!;
const connectTimeoutMs = 1000;
let address: number;
let stack: TestStack;
let user: TestUser;
let forwarding: Forwarder;
/** How long the forwarder holds back what Temporal sends. */
let replyDelayMs = 0;

beforeAll(async () => {
  address = await freePort();
  forwarding = await forwarder(address, suiteTemporal, () => replyDelayMs);
  stack = await TestStack.start(
    { TEMPORAL_ADDRESS: `127.0.0.1:${address}`, WAYPLAN_CONNECT_TIMEOUT: String(connectTimeoutMs / 1000) },
    { workers: 0 },
  );
  user = await stack.createUser();
});

afterAll(async () => {
  await stack?.stop();
  await forwarding?.close();
});

const unreachable = {
  status_code: 503,
  error_code: 'service_unavailable_error',
  message: 'The service cannot reach its workflow engine at the moment; retry shortly.',
};

const startTask = (): Promise<JsonResponse> => postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(3), { authorization: user.basic });
const health = (): Promise<JsonResponse> => request(`${stack.baseUrl}/healthz`);
/** What healthz says of a Temporal the API gave up reaching: the status of the API's own bound (before: "no answer within 3000 ms"). */
const notReached = { status: 503, temporal: 'gRPC status 4 DEADLINE_EXCEEDED' };

async function expectStarted(): Promise<void> {
  const started = await startTask();
  expect(started.status).toBe(200);
  const { rows } = await stack.query('SELECT status FROM tasks WHERE id = $1', [started.body.task_id]);
  expect(rows).toEqual([{ status: 'running' }]);
}

test('a task started while Temporal refuses connections: 503 with Retry-After, and the task says so', async () => {
  await forwarding.close();
  const started = await startTask();
  expect({ status: started.status, retryAfter: started.headers.get('retry-after'), body: started.body }).toEqual({
    status: 503,
    retryAfter: '5',
    body: unreachable,
  });
  const { rows } = await stack.query("SELECT id, status FROM tasks WHERE account = $1 AND operation = 'sequence'", [user.account]);
  expect(rows).toEqual([{ id: expect.any(String), status: 'failed' }]);
  const result = await request(`${stack.baseUrl}/v1/tasks/${rows[0].id}/result`, { headers: { authorization: user.basic } });
  expect({ status: result.status, body: result.body }).toEqual({ status: 503, body: unreachable });
  const healthz = await health();
  expect({ status: healthz.status, temporal: healthz.body.temporal }).toEqual(notReached);
});

test('after a long outage, the first request once Temporal is back is served', async () => {
  // Each probe fails within the connect timeout; meanwhile the API keeps trying to connect, and
  // grpc-js would space its tries out to two minutes apart if left to itself.
  for (let probe = 0; probe < 12; probe++) {
    const healthz = await health();
    expect({ status: healthz.status, temporal: healthz.body.temporal }).toEqual(notReached);
  }
  forwarding = await forwarder(address, suiteTemporal, () => replyDelayMs);
  await expectStarted();
});

test('a host that accepts the connection and never speaks: the answer of a refused connection', async () => {
  await forwarding.close();
  const host = await silentHost(address);
  try {
    const started = await startTask();
    expect({ status: started.status, retryAfter: started.headers.get('retry-after'), body: started.body }).toEqual({
      status: 503,
      retryAfter: '5',
      body: unreachable,
    });
    const healthz = await health();
    expect({ status: healthz.status, temporal: healthz.body.temporal }).toEqual(notReached);
  } finally {
    await host.close();
  }
  forwarding = await forwarder(address, suiteTemporal, () => replyDelayMs);
  await expectStarted();
});

test('a Temporal that is reached but answers slowly is waited for, beyond the connect timeout', async () => {
  replyDelayMs = 3 * connectTimeoutMs;
  try {
    await expectStarted();
  } finally {
    replyDelayMs = 0;
  }
});
