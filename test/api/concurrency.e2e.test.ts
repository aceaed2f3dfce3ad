import { TestStack, type TestUser } from '../support/stack.js';
import { postJson, request } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';

let stack: TestStack;
let busy: TestUser;
let calm: TestUser;

beforeAll(async () => {
  stack = await TestStack.start({ WAYPLAN_WAIT_SECONDS: '4', WAYPLAN_CONCURRENCY_LIMIT: '10' });
  busy = await stack.createUser();
  calm = await stack.createUser();
});
afterAll(() => stack.stop());

test('the 11th simultaneous request of an account gets 429; another account is unaffected', async () => {
  const started = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(200, { timeLimit: '00:00:30' }), { authorization: busy.basic });
  const id: string = started.body.task_id;
  // Each long-poll holds its request for WAYPLAN_WAIT_SECONDS: eleven of them are in flight at once.
  const slow = Array.from({ length: 11 }, () => request(`${stack.baseUrl}/v1/tasks/${id}/result?wait=1`, { headers: { authorization: busy.basic } }));
  await new Promise((r) => setTimeout(r, 1000));
  const otherAccount = await request(`${stack.baseUrl}/v1/tasks`, { headers: { authorization: calm.basic } });
  const responses = await Promise.all(slow);
  const statuses = responses.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  expect(statuses.filter((s) => s === 302)).toHaveLength(10);
  const rejected = responses.find((r) => r.status === 429)!;
  expect(rejected.body).toMatchObject({ status_code: 429, error_code: 'too_many_requests_error' });
  expect(otherAccount.status).toBe(200);
  // The slots are free again once the slow requests are answered.
  expect((await request(`${stack.baseUrl}/v1/tasks`, { headers: { authorization: busy.basic } })).status).toBe(200);
  await request(`${stack.baseUrl}/v1/tasks/${id}/cancel`, { method: 'POST', headers: { authorization: busy.basic } });
});
