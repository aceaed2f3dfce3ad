import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createSandboxActivities } from '../../activities/sandbox-activities.js';
import { sandboxCleanupScheduleId } from '../../worker/schedules.js';
import { createPool, type Pool } from '../../store/db.js';
import { SandboxStore } from '../../store/sandboxes.js';
import { request, type JsonResponse } from '../support/http.js';
import { TestStack, type TestUser } from '../support/stack.js';
import { waitUntil } from '../support/wait.js';

const queuePrefix = `test-sbx-${randomBytes(4).toString('hex')}`;
const waitSeconds = 3;
let stack: TestStack;
let pool: Pool;
const account = `sbx-${randomBytes(4).toString('hex')}`;
let owner: TestUser;
let creator: TestUser;
let writer: TestUser;
let reader: TestUser;
let otherSubuser: TestUser;
let otherAccount: TestUser;

beforeAll(async () => {
  stack = await TestStack.start({
    WAYPLAN_CONCURRENCY_LIMIT: '500',
    WAYPLAN_WAIT_SECONDS: String(waitSeconds),
    WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
  });
  pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 2);
  owner = await stack.createUser(account, 'owner', 'owner');
  creator = await stack.createUser(account, 'creator', 'planner');
  writer = await stack.createUser(account, 'writer', 'planner');
  reader = await stack.createUser(account, 'reader', 'planner');
  otherSubuser = await stack.createUser(account, 'other', 'planner');
  otherAccount = await stack.createUser();
});
afterAll(async () => {
  await pool.end();
  await stack.stop();
});

function call(who: TestUser, method: string, path: string, body?: unknown): Promise<JsonResponse> {
  const headers: Record<string, string> = { authorization: who.basic };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return request(`${stack.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

async function createSandbox(who: TestUser, problem: unknown = {}, name = `plan ${randomBytes(4).toString('hex')}`): Promise<string> {
  const created = await call(who, 'POST', `/v1/sandboxes?name=${encodeURIComponent(name)}`, problem);
  expect(created.status).toBe(200);
  return created.body.sandbox_id as string;
}

const addJob = (id: string) => ({ deltas: [{ $path: ['jobs'], $collection: 'keyed_array', assign: [{ id, location: '47.6, -122.3' }] }] });

describe('sandbox lifecycle', () => {
  test('create, retrieve canonical, deltas, revisions, envelope, aggregate, rename, delete', async () => {
    const name = `weekly ${randomBytes(3).toString('hex')}`;
    const created = await call(creator, 'POST', `/v1/sandboxes?name=${encodeURIComponent(name)}`, {
      routes: [{ id: 'r1', driver: { id: 'd1' }, jobs: [{ id: 'j1', location: '47.61, -122.33', load: 2 }] }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ sandbox_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), created_time: expect.stringMatching(/Z$/) });
    const id = created.body.sandbox_id;

    const duplicate = await call(owner, 'POST', `/v1/sandboxes?name=${encodeURIComponent(name)}`, {});
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0]).toMatchObject({ property: 'name', code: 'duplicate_sandbox_name_error' });
    expect((await call(owner, 'POST', '/v1/sandboxes', {})).body.errors[0]).toMatchObject({
      property: 'name',
      code: 'required_property_missing_error',
    });

    const initial = await call(creator, 'GET', `/v1/sandboxes/${id}`);
    expect(initial.body).toEqual({
      drivers: [{ id: 'd1' }],
      jobs: [{ id: 'j1', location: '47.61,-122.33', load: 2 }],
      routes: [{ id: 'r1', driver: 'd1', jobs: ['j1'] }],
    });

    const added = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions?tag=client-7`, {
      deltas: [
        { $path: ['job'], $collection: 'keyed_array', assign: [{ id: 'j2', location: '47.62, -122.34', load: 3 }] },
        { $path: ['route', { id: 'r1' }, 'jobs'], $collection: 'array', insert: ['j2'], index: 0 },
        { $path: [], name: 'renamed problem' },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ sandbox_id: id, revision: 1, created_time: expect.any(String) });
    const after = await call(creator, 'GET', `/v1/sandboxes/${id}`);
    expect(after.body.name).toBe('renamed problem');
    expect(after.body.routes).toEqual([{ id: 'r1', driver: 'd1', jobs: ['j2', 'j1'] }]);

    expect((await call(creator, 'GET', `/v1/sandboxes/${id}?revision=0`)).body).toEqual(initial.body);
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}?revision=2`)).status).toBe(404);
    const envelope = await call(creator, 'GET', `/v1/sandboxes/${id}?envelope=1&revision=1`);
    expect(envelope.body).toEqual({
      sandbox: expect.objectContaining({
        sandbox_id: id,
        sandbox_name: name,
        customer: account,
        owner: 'creator',
        latest_revision: 1,
        active_revision: 1,
      }),
      snapshot: after.body,
      snapshot_created_time: added.body.created_time,
      snapshot_revision: 1,
      snapshot_tag: 'client-7',
    });
    const aggregate = await call(creator, 'GET', `/v1/sandboxes/${id}?aggregate=1&envelope=1`);
    expect(aggregate.body).toEqual({ num_assigned_jobs: 2, num_unassigned_jobs: 0, num_drivers_used: 1, num_routes: 1, load: 5 });

    const revisions = await call(creator, 'GET', `/v1/sandboxes/${id}/revisions?from=1`);
    expect(revisions.body).toMatchObject({ sandbox_id: id, latest_revision: 1 });
    expect(revisions.body.revisions).toEqual([
      { deltas: expect.any(Array), revision: 1, created_time: added.body.created_time, tag: 'client-7' },
    ]);
    expect(
      (await call(creator, 'GET', `/v1/sandboxes/${id}/revisions`)).body.revisions.map((r: { revision: number }) => r.revision),
    ).toEqual([0, 1]);

    const update = await call(creator, 'POST', `/v1/sandboxes/${id}`, { jobs: [{ id: 'only' }] });
    expect(update.body.revision).toBe(2);
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}`)).body).toEqual({ jobs: [{ id: 'only' }] });

    const newName = `${name} (final)`;
    expect((await call(creator, 'POST', `/v1/sandboxes/${id}/rename?name=${encodeURIComponent(newName)}`)).body).toEqual({ success: true });
    expect((await call(creator, 'POST', `/v1/sandboxes/${id}/rename?name=`)).status).toBe(400);
    const listed = await call(creator, 'GET', '/v1/sandboxes');
    expect(listed.body.find((s: { sandbox_id: string }) => s.sandbox_id === id)).toMatchObject({
      sandbox_name: newName,
      latest_revision: 2,
    });

    expect((await call(creator, 'DELETE', `/v1/sandboxes/${id}`)).body).toEqual({ success: true });
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}`)).status).toBe(404);
  });

  test('a read at the latest revision sends the stored latest state without replaying; an older one is replayed', async () => {
    const id = await createSandbox(creator, { jobs: [{ id: 'j0', location: '47.6, -122.3' }] });
    for (const job of ['j1', 'j2']) expect((await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, addJob(job))).status).toBe(200);
    const latest = await call(creator, 'GET', `/v1/sandboxes/${id}`);
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}?revision=2`)).text).toBe(latest.text);
    // A stored latest state that replay would not give shows which one a read sends.
    const stored = '{"jobs":[{"id":"stored"}]}';
    await pool.query('UPDATE sandboxes SET latest_state = $2 WHERE id = $1', [id, stored]);
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}?revision=2`)).text).toBe(stored);
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}?revision=2&envelope=1`)).body).toMatchObject({
      snapshot: JSON.parse(stored),
      snapshot_revision: 2,
    });
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}?revision=1`)).body.jobs.map((job: { id: string }) => job.id)).toEqual([
      'j0',
      'j1',
    ]);
  });

  test('a revision applies all its deltas or none, with the failing delta in the fault', async () => {
    const id = await createSandbox(creator, { jobs: [{ id: 'a' }] });
    const rejected = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, {
      deltas: [
        { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'b' }] },
        { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'a', time_window: { $collection: 'set', add: [1] } }] },
      ],
    });
    expect(rejected.status).toBe(400);
    expect(rejected.body).toMatchObject({
      error_code: 'validation_failed_error',
      errors: [{ property: 'request.deltas[1].assign[0].time_window.add[0]', code: 'invalid_type_error' }],
    });
    const reference = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, {
      deltas: [
        { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'b' }] },
        { $path: ['routes'], $collection: 'keyed_array', assign: [{ id: 'r', jobs: ['ghost'] }] },
      ],
    });
    expect(reference.status).toBe(400);
    expect(reference.body.errors[0]).toMatchObject({
      property: 'request.deltas[1]',
      code: 'reference_not_found_error',
      parameters: { problem_property: 'request.routes[0].jobs[0]' },
    });
    const bad = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, { deltas: [], snapshot: {} });
    expect(bad.body.errors[0]).toMatchObject({ property: 'request', code: 'mutually_exclusive_properties_error' });
    const state = await call(creator, 'GET', `/v1/sandboxes/${id}?envelope=1`);
    expect(state.body.snapshot).toEqual({ jobs: [{ id: 'a' }] });
    expect(state.body.sandbox.latest_revision).toBe(0);
  });

  test('undo/redo restores a revision; it cannot target another undo/redo', async () => {
    const id = await createSandbox(creator, { jobs: [{ id: 'a' }] });
    await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, addJob('b'));
    await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, addJob('c'));
    const undo = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, { undo_redo_to_revision: 1 });
    expect(undo.body.revision).toBe(3);
    const undone = await call(creator, 'GET', `/v1/sandboxes/${id}?envelope=1`);
    expect(undone.body.snapshot).toEqual((await call(creator, 'GET', `/v1/sandboxes/${id}?revision=1`)).body);
    expect(undone.body.sandbox).toMatchObject({ latest_revision: 3, active_revision: 1 });
    const redo = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, { undo_redo_to_revision: 2 });
    expect(redo.body.revision).toBe(4);
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}`)).body.jobs.map((j: { id: string }) => j.id)).toEqual(['a', 'b', 'c']);
    const chained = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, { undo_redo_to_revision: 3 });
    expect(chained.body.errors[0]).toMatchObject({ property: 'request.undo_redo_to_revision', code: 'undo_redo_target_error' });
    const missing = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, { undo_redo_to_revision: 99 });
    expect(missing.body.errors[0]).toMatchObject({ code: 'revision_not_found_error' });
  });
});

describe('live sync', () => {
  test('a long-poll held before another client adds a revision answers with that revision', async () => {
    const id = await createSandbox(creator);
    const latencies: number[] = [];
    const afterCommit: number[] = [];
    for (let round = 1; round <= 5; round++) {
      const poll = call(owner, 'GET', `/v1/sandboxes/${id}/revisions?from=${round}&wait=1`).then((response) => ({
        response,
        at: performance.now(),
      }));
      await new Promise((r) => setTimeout(r, 300));
      const postedAt = performance.now();
      const posted = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions`, addJob(`live-${round}`));
      const answeredAt = performance.now();
      expect(posted.body.revision).toBe(round);
      const { response, at } = await poll;
      afterCommit.push(at - answeredAt);
      expect(response.status).toBe(200);
      expect(response.body.revisions.map((r: { revision: number }) => r.revision)).toEqual([round]);
      latencies.push(at - postedAt);
    }
    console.log(
      `long-poll answer after the POST started (ms): ${latencies.map((l) => l.toFixed(1)).join(', ')}; ` +
        `after the POST answered (negative: before): ${afterCommit.map((l) => l.toFixed(1)).join(', ')}`,
    );
  });

  test('a long-poll with nothing new answers an empty list when its wait ends', async () => {
    const id = await createSandbox(creator);
    const response = await call(creator, 'GET', `/v1/sandboxes/${id}/revisions?from=1&wait=1`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ latest_revision: 0, revisions: [] });
  });

  // 50 writers contend for the same sandbox at once; 8 revisions each make 400, 25 checkpoints (one
  // every 16) to replay from. 20 each (1,000) took 35 s on a loaded machine and checked nothing more.
  test('50 concurrent writers × 8 revisions: 400 dense revisions, none lost', async () => {
    const id = await createSandbox(creator, {}, `concurrency ${randomBytes(3).toString('hex')}`);
    const writers = 50;
    const each = 8;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let k = 0; k < each; k++) {
          const response = await call(creator, 'POST', `/v1/sandboxes/${id}/revisions?tag=w${w}-${k}`, addJob(`w${w}-${k}`));
          expect(response.status).toBe(200);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const listed = await call(creator, 'GET', `/v1/sandboxes/${id}/revisions?from=1`);
    const revisions: { revision: number; tag: string; deltas: { assign: { id: string }[] }[] }[] = listed.body.revisions;
    console.log(
      `${writers} writers × ${each} revisions: ${revisions.length} revisions in ${seconds.toFixed(2)} s (${(revisions.length / seconds).toFixed(0)}/s)`,
    );
    expect(listed.body.latest_revision).toBe(writers * each);
    expect(revisions.map((r) => r.revision)).toEqual(Array.from({ length: writers * each }, (_, i) => i + 1));
    expect(new Set(revisions.map((r) => r.tag)).size).toBe(writers * each);
    const jobIds = revisions.map((r) => r.deltas[0]!.assign[0]!.id);
    const final = await call(creator, 'GET', `/v1/sandboxes/${id}`);
    expect(final.body.jobs.map((j: { id: string }) => j.id)).toEqual(jobIds);
    // Retrieval at a revision replays from the nearest checkpoint: spot-check across several.
    for (const n of [1, 15, 16, 17, 333, 399]) {
      const at = await call(creator, 'GET', `/v1/sandboxes/${id}?revision=${n}`);
      expect(at.body.jobs.map((j: { id: string }) => j.id)).toEqual(jobIds.slice(0, n));
    }
  });
  test('deleting a sandbox answers its long-polls with 404', async () => {
    const id = await createSandbox(creator);
    const poll = call(owner, 'GET', `/v1/sandboxes/${id}/revisions?from=1&wait=1`);
    await new Promise((r) => setTimeout(r, 200));
    await call(creator, 'DELETE', `/v1/sandboxes/${id}`);
    const response = await poll;
    expect(response.status).toBe(404);
  });
});

describe('pipeline', () => {
  test('wrong method 405 with Allow, body without JSON content type 415, bad query values 400', async () => {
    const id = await createSandbox(creator);
    const put = await call(creator, 'PUT', `/v1/sandboxes/${id}`, {});
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, DELETE');
    const noJson = await request(`${stack.baseUrl}/v1/sandboxes/${id}/revisions`, {
      method: 'POST',
      headers: { authorization: creator.basic, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(noJson.status).toBe(415);
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}?revision=first`)).body.errors[0]).toMatchObject({
      property: 'revision',
      code: 'value_out_of_range_error',
    });
    expect((await call(creator, 'GET', `/v1/sandboxes/${id}/revisions?from=-1`)).body.errors[0]).toMatchObject({ property: 'from' });
    expect((await call(otherAccount, 'PUT', `/v1/sandboxes/${id}`, {})).status).toBe(405);
  });
});

describe('permissions', () => {
  type Role = 'owner' | 'creator' | 'writer' | 'reader' | 'other' | 'outsider';
  const roles: Role[] = ['owner', 'creator', 'writer', 'reader', 'other', 'outsider'];
  const userOf = (role: Role): TestUser => ({ owner, creator, writer, reader, other: otherSubuser, outsider: otherAccount })[role];
  const level: Record<Role, 'admin' | 'write' | 'read' | 'none'> = {
    owner: 'admin',
    creator: 'admin',
    writer: 'write',
    reader: 'read',
    other: 'none',
    outsider: 'none',
  };
  const rank = { none: 0, read: 1, write: 2, admin: 3 };
  const expected = (role: Role, needed: 'read' | 'write' | 'admin'): number =>
    level[role] === 'none' ? 404 : rank[level[role]] >= rank[needed] ? 200 : 403;

  /** A sandbox made by `creator` with write granted to `writer` and read to `reader`. */
  async function sharedSandbox(): Promise<string> {
    const id = await createSandbox(creator, { jobs: [{ id: 'a' }] });
    expect((await call(creator, 'POST', `/v1/sandboxes/${id}/acl?subuser=writer&permission=write`)).status).toBe(200);
    expect((await call(creator, 'POST', `/v1/sandboxes/${id}/acl?subuser=reader&permission=read`)).status).toBe(200);
    return id;
  }

  const endpoints: { name: string; needed: 'read' | 'write' | 'admin'; method: string; path: (id: string) => string; body?: unknown }[] = [
    { name: 'retrieve', needed: 'read', method: 'GET', path: (id) => `/v1/sandboxes/${id}` },
    { name: 'retrieve envelope', needed: 'read', method: 'GET', path: (id) => `/v1/sandboxes/${id}?envelope=1&revision=0` },
    { name: 'revisions', needed: 'read', method: 'GET', path: (id) => `/v1/sandboxes/${id}/revisions?from=0&wait=1` },
    { name: 'acl', needed: 'read', method: 'GET', path: (id) => `/v1/sandboxes/${id}/acl` },
    { name: 'update', needed: 'write', method: 'POST', path: (id) => `/v1/sandboxes/${id}`, body: { jobs: [{ id: 'b' }] } },
    { name: 'add revision', needed: 'write', method: 'POST', path: (id) => `/v1/sandboxes/${id}/revisions`, body: addJob('c') },
    { name: 'rename', needed: 'write', method: 'POST', path: (id) => `/v1/sandboxes/${id}/rename?name=${id}` },
    { name: 'expiry', needed: 'admin', method: 'POST', path: (id) => `/v1/sandboxes/${id}/expiry?interval=year` },
    { name: 'grant', needed: 'admin', method: 'POST', path: (id) => `/v1/sandboxes/${id}/acl?subuser=other&permission=read` },
    { name: 'revoke', needed: 'admin', method: 'DELETE', path: (id) => `/v1/sandboxes/${id}/acl?subuser=other&permission=read` },
    { name: 'delete', needed: 'admin', method: 'DELETE', path: (id) => `/v1/sandboxes/${id}` },
  ];

  test.each(endpoints)('$name needs $needed', async ({ needed, method, path, body }) => {
    for (const role of roles) {
      const id = await sharedSandbox();
      const response = await call(userOf(role), method, path(id), body);
      const status = expected(role, needed);
      expect({ role, status: response.status }).toEqual({ role, status });
      if (status === 404) expect(response.body).toMatchObject({ status_code: 404, error_code: 'not_found_error' });
      if (status === 403) expect(response.body).toMatchObject({ status_code: 403, error_code: 'permission_denied_error' });
    }
  });

  test('list and all/acl show exactly the sandboxes one can see; create is open to every user', async () => {
    const id = await sharedSandbox();
    for (const role of roles) {
      const visible = level[role] !== 'none';
      const list = await call(userOf(role), 'GET', '/v1/sandboxes');
      expect({ role, listed: list.body.some((s: { sandbox_id: string }) => s.sandbox_id === id) }).toEqual({ role, listed: visible });
      const acl = await call(userOf(role), 'GET', '/v1/sandboxes/all/acl');
      const entry = acl.body.sandboxes.find((s: { sandbox_id: string }) => s.sandbox_id === id);
      expect({ role, permission: entry?.permission }).toEqual({ role, permission: visible ? level[role] : undefined });
      expect((await call(userOf(role), 'POST', `/v1/sandboxes?name=${role}-${id}`, {})).status).toBe(200);
    }
    const acl = await call(reader, 'GET', `/v1/sandboxes/${id}/acl`);
    expect(acl.body).toEqual({
      sandbox_id: id,
      owner: 'creator',
      permission: 'read',
      grants: [
        { subuser: 'reader', permission: 'read' },
        { subuser: 'writer', permission: 'write' },
      ],
    });
  });

  test('grants to everyone, idempotent grants, revoking one’s own grant, unknown subusers', async () => {
    const id = await sharedSandbox();
    expect((await call(otherSubuser, 'GET', `/v1/sandboxes/${id}`)).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await call(owner, 'POST', `/v1/sandboxes/${id}/acl?permission=read`)).status).toBe(200);
    expect((await call(otherSubuser, 'GET', `/v1/sandboxes/${id}`)).status).toBe(200);
    expect((await call(otherSubuser, 'POST', `/v1/sandboxes/${id}`, {})).status).toBe(403);
    expect((await call(otherAccount, 'GET', `/v1/sandboxes/${id}`)).status).toBe(404);
    expect((await call(owner, 'GET', `/v1/sandboxes/${id}/acl`)).body.grants).toEqual([
      { subuser: null, permission: 'read' },
      { subuser: 'reader', permission: 'read' },
      { subuser: 'writer', permission: 'write' },
    ]);
    expect((await call(owner, 'DELETE', `/v1/sandboxes/${id}/acl?permission=read`)).status).toBe(200);
    expect((await call(otherSubuser, 'GET', `/v1/sandboxes/${id}`)).status).toBe(404);
    expect((await call(reader, 'GET', `/v1/sandboxes/${id}`)).status).toBe(200);

    expect((await call(writer, 'DELETE', `/v1/sandboxes/${id}/acl?subuser=writer&permission=write`)).status).toBe(200);
    expect((await call(writer, 'GET', `/v1/sandboxes/${id}`)).status).toBe(404);

    const unknown = await call(owner, 'POST', `/v1/sandboxes/${id}/acl?subuser=nobody&permission=read`);
    expect(unknown.body.errors[0]).toMatchObject({ property: 'subuser', code: 'unknown_subuser_error' });
    const badPermission = await call(owner, 'POST', `/v1/sandboxes/${id}/acl?permission=root`);
    expect(badPermission.body.errors[0]).toMatchObject({ property: 'permission', code: 'invalid_enum_value_error' });
  });
});

describe('expiry', () => {
  async function backdate(id: string, days: number): Promise<void> {
    await stack.query(`UPDATE sandboxes SET last_activity_time = now() - make_interval(days => $2) WHERE id = $1`, [id, days]);
  }

  test('the cleanup activity deletes sandboxes inactive past their interval, and only those', async () => {
    const monthly = await createSandbox(creator);
    const yearly = await createSandbox(creator);
    const forever = await createSandbox(creator);
    const fresh = await createSandbox(creator);
    expect((await call(creator, 'POST', `/v1/sandboxes/${monthly}/expiry?interval=month`)).body).toEqual({ success: true });
    expect((await call(creator, 'POST', `/v1/sandboxes/${yearly}/expiry?interval=year`)).status).toBe(200);
    expect((await call(creator, 'POST', `/v1/sandboxes/${fresh}/expiry?interval=month`)).status).toBe(200);
    expect((await call(creator, 'POST', `/v1/sandboxes/${fresh}/expiry?interval=weekly`)).status).toBe(400);
    for (const id of [monthly, yearly, forever]) await backdate(id, 40);

    const deleted = await createSandboxActivities({ sandboxes: new SandboxStore(pool) }).deleteExpiredSandboxes();
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await call(creator, 'GET', `/v1/sandboxes/${monthly}`)).status).toBe(404);
    for (const id of [yearly, forever, fresh]) expect((await call(creator, 'GET', `/v1/sandboxes/${id}`)).status).toBe(200);
  });

  test('the worker schedules the sandboxCleanup workflow, which enforces expiry', async () => {
    const id = await createSandbox(creator);
    await call(creator, 'POST', `/v1/sandboxes/${id}/expiry?interval=five_years`);
    await backdate(id, 6 * 366);
    const connection = await Connection.connect({ address: process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS! });
    try {
      const schedule = new Client({ connection }).schedule.getHandle(sandboxCleanupScheduleId(`${queuePrefix}-io`));
      const description = await schedule.describe();
      expect(description.action).toMatchObject({ type: 'startWorkflow', workflowType: 'sandboxCleanup', taskQueue: `${queuePrefix}-io` });
      await schedule.trigger();
      // Polled in the database: a request would count as activity and keep the sandbox alive.
      await waitUntil('the scheduled cleanup deleted the expired sandbox', async () =>
        (await stack.query('SELECT 1 FROM sandboxes WHERE id = $1', [id])).rowCount === 0 ? true : undefined,
      );
    } finally {
      await connection.close();
    }
  });
});
