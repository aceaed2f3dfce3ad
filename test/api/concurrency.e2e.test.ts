import { connect, type Socket } from 'node:net';
import { TestStack, type TestUser } from '../support/stack.js';
import { postJson, request, type JsonResponse } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';
import { waitUntil } from '../support/wait.js';
import { heldSlots } from '../support/account-slots.js';

// Two API processes: the limits are per account over both (the work limit over two processes is in
// multi-host.e2e.test.ts).
let stack: TestStack;
let busy: TestUser;
const limit = 4;
const waitLimit = 6;

beforeAll(async () => {
  stack = await TestStack.start(
    // Long-polls outlast the test's checks on a loaded machine; the test ends them by canceling the task.
    { WAYPLAN_WAIT_SECONDS: '40', WAYPLAN_CONCURRENCY_LIMIT: String(limit), WAYPLAN_WAIT_LIMIT: String(waitLimit) },
    { apis: 2 },
  );
  busy = await stack.createUser();
});
afterAll(() => stack.stop());

const get = (api: number, path: string, user: TestUser) =>
  request(`${stack.apiUrl(api)}${path}`, { headers: { authorization: user.basic } });

/** Opens a request whose body never finishes arriving: headers and the first bytes only. */
function trickle(api: number, user: TestUser): Promise<Socket> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect(stack.ports[api]!, '127.0.0.1', () => {
      socket.write(
        `POST /v1/validate HTTP/1.1\r\nHost: x\r\nAuthorization: ${user.basic}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"jobs": [`,
      );
      resolveSocket(socket);
    });
    socket.on('error', reject);
  });
}

test('clients trickling bodies hold no slot: the account is still served', async () => {
  const sockets = await Promise.all(Array.from({ length: 2 * limit + 2 }, (_, i) => trickle(i % 2, busy)));
  await new Promise((r) => setTimeout(r, 500));
  try {
    expect((await get(0, '/v1/tasks', busy)).status).toBe(200);
    expect((await get(1, '/v1/tasks', busy)).status).toBe(200);
  } finally {
    sockets.forEach((s) => s.destroy());
  }
});

/**
 * A long-poll as a client sends it: a 429 because every work slot is busy for a moment (a long-poll
 * holds one while it looks the task up) is tried again.
 */
async function longPoll(api: number, path: string, user: TestUser): Promise<JsonResponse> {
  for (;;) {
    const response = await get(api, path, user);
    if (response.status !== 429 || /waiting/.test(response.body.message)) return response;
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('long-polls hold a waiting place, not a work slot; the waiting places are limited over both processes', async () => {
  const started = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(200, { timeLimit: '00:00:30' }), {
    authorization: busy.basic,
  });
  const id: string = started.body.task_id;
  // More long-polls than work slots, spread over both processes, all waiting at once.
  const polls = Array.from({ length: waitLimit }, (_, i) => longPoll(i % 2, `/v1/tasks/${id}/result?wait=1`, busy));
  await waitUntil(`${waitLimit} long-polls wait`, async () =>
    (await heldSlots(stack, 'wait', busy.account)) === waitLimit && (await heldSlots(stack, 'work', busy.account)) === 0 ? true : undefined,
  );
  const served = await Promise.all(Array.from({ length: limit }, (_, i) => get(i % 2, '/v1/tasks', busy)));
  const overWaiting = await get(1, `/v1/tasks/${id}/result?wait=1`, busy);
  expect(served.map((r) => r.status)).toEqual(Array(limit).fill(200));
  expect(overWaiting.status).toBe(429);
  expect(overWaiting.body).toMatchObject({ status_code: 429, error_code: 'too_many_requests_error' });
  expect(overWaiting.body.message).toMatch(/waiting/);
  // Canceling the task ends every wait with the task's outcome.
  await request(`${stack.baseUrl}/v1/tasks/${id}/cancel`, { method: 'POST', headers: { authorization: busy.basic } });
  const answered = await Promise.all(polls);
  expect(answered.map((r) => r.body.error_code)).toEqual(Array(waitLimit).fill('task_canceled_error'));
  // The places are free again once the waits are over.
  expect((await get(1, `/v1/tasks/${id}/result?wait=1`, busy)).status).toBe(409);
}, 60000);
