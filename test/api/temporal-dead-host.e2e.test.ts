import { freePort } from '../../runtime/ports.js';
import { forwarder, type Forwarder } from '../support/forwarder.js';
import { postJson, request, type JsonResponse } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';
import { TestStack, type TestUser } from '../support/stack.js';

/**
 * The API's Temporal frontend becoming unreachable: the API reaches it through an address of this
 * file's, which forwards to the suite's Temporal and is then closed (connections refused). A task
 * the API cannot start answers 503 service_unavailable_error with Retry-After, naming no address,
 * and the task records that answer.
 */
const suiteTemporal = process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!;
let address: number;
let stack: TestStack;
let user: TestUser;
let forwarding: Forwarder;

beforeAll(async () => {
  address = await freePort();
  forwarding = await forwarder(address, suiteTemporal);
  stack = await TestStack.start({ TEMPORAL_ADDRESS: `127.0.0.1:${address}` }, { workers: 0 });
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

test('a task started while Temporal refuses connections: 503 with Retry-After, and the task says so', async () => {
  await forwarding.close();
  const started: JsonResponse = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(3), { authorization: user.basic });
  expect({ status: started.status, retryAfter: started.headers.get('retry-after'), body: started.body }).toEqual({
    status: 503,
    retryAfter: '5',
    body: unreachable,
  });
  const { rows } = await stack.query("SELECT id, status FROM tasks WHERE account = $1 AND operation = 'sequence'", [user.account]);
  expect(rows).toEqual([{ id: expect.any(String), status: 'failed' }]);
  const result = await request(`${stack.baseUrl}/v1/tasks/${rows[0].id}/result`, { headers: { authorization: user.basic } });
  expect({ status: result.status, body: result.body }).toEqual({ status: 503, body: unreachable });
  const healthz = await request(`${stack.baseUrl}/healthz`);
  // The client's retries outlast the 3 s healthz gives Temporal.
  expect({ status: healthz.status, temporal: healthz.body.temporal }).toEqual({ status: 503, temporal: 'no answer within 3000 ms' });
});
