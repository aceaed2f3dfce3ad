import { randomBytes } from 'node:crypto';
import { TestStack, type TestUser } from '../support/stack.js';
import { runCli } from '../support/cli.js';
import { postJson, request } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';

let stack: TestStack;
let owner: TestUser;
let planner: TestUser;
let otherPlanner: TestUser;
let viewer: TestUser;
const account = `roles-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  stack = await TestStack.start();
  owner = await stack.createUser(account, 'boss', 'owner');
  planner = await stack.createUser(account, 'anna', 'planner');
  otherPlanner = await stack.createUser(account, 'ben', 'planner');
  viewer = await stack.createUser(account, 'vic', 'viewer');
});
afterAll(() => stack.stop());

const as = (user: TestUser, path: string, method = 'GET') =>
  request(`${stack.baseUrl}${path}`, { method, headers: { authorization: user.basic } });

test('a planner sees and cancels only its own tasks; the owner sees and cancels every task of the account', async () => {
  const mine = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(100, { timeLimit: '00:00:20' }), {
    authorization: planner.basic,
  });
  const theirs = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(5), { authorization: otherPlanner.basic });
  const [mineId, theirsId] = [mine.body.task_id as string, theirs.body.task_id as string];

  for (const path of [`/v1/tasks/${mineId}`, `/v1/tasks/${mineId}/result`]) {
    const hidden = await as(otherPlanner, path);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error_code).toBe('invalid_task_id_error');
  }
  expect((await as(otherPlanner, `/v1/tasks/${mineId}/cancel`, 'POST')).status).toBe(404);
  expect((await as(planner, `/v1/tasks/${mineId}`)).body.status).toBe('running');

  const listed = (user: TestUser) =>
    as(user, '/v1/tasks').then((r) => (r.body.tasks as { task_id: string }[]).map((t) => t.task_id).sort());
  expect(await listed(planner)).toEqual([mineId]);
  expect(await listed(otherPlanner)).toEqual([theirsId]);
  expect(await listed(owner)).toEqual([mineId, theirsId].sort());
  expect(await listed(viewer)).toEqual([]);

  expect((await as(owner, `/v1/tasks/${mineId}/cancel`, 'POST')).status).toBe(200);
  expect((await as(planner, `/v1/tasks/${mineId}`)).body.status).toBe('canceled');
});

test('a viewer only reads: no tasks, no sandbox edits even with a write grant, and 403 says why', async () => {
  const refused = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(5), { authorization: viewer.basic });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ status_code: 403, error_code: 'permission_denied_error' });
  expect(refused.body.message).toMatch(/planner role/);
  expect((await postJson(`${stack.baseUrl}/v1/sandboxes?name=v`, {}, { authorization: viewer.basic })).status).toBe(403);

  const created = await postJson(`${stack.baseUrl}/v1/sandboxes?name=shared`, {}, { authorization: planner.basic });
  const sandbox: string = created.body.sandbox_id;
  expect((await as(planner, `/v1/sandboxes/${sandbox}/acl?subuser=vic&permission=write`, 'POST')).status).toBe(200);
  expect((await as(viewer, `/v1/sandboxes/${sandbox}`)).status).toBe(200);
  const acl = await as(viewer, `/v1/sandboxes/${sandbox}/acl`);
  expect(acl.body.permission).toBe('read');
  expect((await postJson(`${stack.baseUrl}/v1/sandboxes/${sandbox}`, {}, { authorization: viewer.basic })).status).toBe(403);
  // Giving up its own grant is still allowed.
  expect((await as(viewer, `/v1/sandboxes/${sandbox}/acl?subuser=vic&permission=write`, 'DELETE')).status).toBe(200);
  expect((await as(viewer, `/v1/sandboxes/${sandbox}`)).status).toBe(404);
});

test('only the owner pulls from and syncs to the fleet platform', async () => {
  const body = { territory: 't', date_range: { start: '2026-01-05', end: '2026-01-05' } };
  for (const user of [planner, viewer]) {
    const pull = await postJson(`${stack.baseUrl}/v1/platform/pull`, body, { authorization: user.basic });
    expect(pull.status).toBe(403);
    expect(pull.body.error_code).toBe('permission_denied_error');
  }
  const sync = await postJson(`${stack.baseUrl}/v1/platform/sync`, { ...body, run_id: 'r', plan: {} }, { authorization: planner.basic });
  expect(sync.status).toBe(403);
  // The owner gets past the role check: this account has no platform connection.
  const ownerPull = await postJson(`${stack.baseUrl}/v1/platform/pull`, body, { authorization: owner.basic });
  expect(ownerPull.status).toBe(404);
  expect(ownerPull.body.error_code).toBe('not_found_error');
});

test('wayplan users add sets the role, users role changes it, an account keeps one owner', async () => {
  const acct = `cli-${randomBytes(4).toString('hex')}`;
  const add = (name: string, ...flags: string[]) =>
    runCli(['users', 'add', `${acct}:${name}`, ...flags, '--password-stdin'], {}, 'a-long-password\n');
  expect((await add('o', '--owner')).code).toBe(0);
  expect((await add('v', '--role', 'viewer')).code).toBe(0);
  expect((await add('p')).code).toBe(0);
  const bad = await add('x', '--role', 'admin');
  expect(bad.code).not.toBe(0);
  expect(bad.stderr).toMatch(/owner, planner, viewer/);
  expect((await add('o2', '--role', 'owner')).stderr).toMatch(/already has an owner/);

  const roles = async () => {
    const listed = await runCli(['users', 'list', '--account', acct, '--json']);
    return Object.fromEntries((JSON.parse(listed.stdout) as { user: string; role: string }[]).map((u) => [u.user, u.role]));
  };
  expect(await roles()).toEqual({ [`${acct}:o`]: 'owner', [`${acct}:p`]: 'planner', [`${acct}:v`]: 'viewer' });
  expect((await runCli(['users', 'role', `${acct}:v`, 'owner'])).stderr).toMatch(/already has an owner/);
  expect((await runCli(['users', 'role', `${acct}:o`, 'planner'])).code).toBe(0);
  expect((await runCli(['users', 'role', `${acct}:v`, 'owner'])).code).toBe(0);
  expect(await roles()).toEqual({ [`${acct}:o`]: 'planner', [`${acct}:p`]: 'planner', [`${acct}:v`]: 'owner' });
});
