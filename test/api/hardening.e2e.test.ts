import { connect } from 'node:net';
import { TestStack, type TestUser } from '../support/stack.js';
import { postJson, request, type JsonResponse } from '../support/http.js';

/**
 * Regression tests of a hostile client's probe: each request here once answered 500,
 * stalled the API, leaked server internals, or was not refused.
 */
let stack: TestStack;
let owner: TestUser;
let other: TestUser;

const addressFailures = 40;
/** Receiving a request is cut after this many seconds; a long-poll holds for `waitSeconds`, longer. */
const requestTimeoutSeconds = 2;
const waitSeconds = 4;

beforeAll(async () => {
  stack = await TestStack.start({
    WAYPLAN_REQUEST_TIMEOUT: String(requestTimeoutSeconds),
    WAYPLAN_WAIT_SECONDS: String(waitSeconds),
    WAYPLAN_HEADERS_TIMEOUT: '1',
    WAYPLAN_SESSION_MAX_AGE: '3',
    WAYPLAN_LOGIN_ADDRESS_FAILURES: String(addressFailures),
  });
  owner = await stack.createUser();
  other = await stack.createUser();
});
afterAll(() => stack.stop());

const auth = (user: TestUser = owner): Record<string, string> => ({ authorization: user.basic });
const post = (path: string, body: unknown, user: TestUser = owner): Promise<JsonResponse> =>
  postJson(`${stack.baseUrl}${path}`, body, auth(user));
const get = (path: string, headers: Record<string, string> = auth()): Promise<JsonResponse> =>
  request(`${stack.baseUrl}${path}`, { headers });

function expectFault(response: JsonResponse, status: number, fault: Record<string, unknown>): void {
  expect(response.status).toBe(status);
  expect(response.body.errors).toEqual([expect.objectContaining(fault)]);
}

/** JSON text of arrays and objects nested `depth` deep (JSON.stringify itself would overflow the stack). */
function nested(depth: number): string {
  const open = Array.from({ length: depth }, (_, level) => (level % 2 === 0 ? '{"routes":' : '[')).join('');
  const close = Array.from({ length: depth }, (_, level) => (level % 2 === 0 ? '}' : ']'))
    .reverse()
    .join('');
  return `${open}"bottom"${close}`;
}

const postText = (path: string, text: string): Promise<JsonResponse> =>
  request(`${stack.baseUrl}${path}`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: text });

async function sandbox(): Promise<string> {
  const body = {
    jobs: [{ id: 'j', job_attributes: ['a'] }],
    schedules: [{ id: 'w', type: 'weekly', earliest_date: '2024-01-01', job_template: { location: '43.73, 7.42' } }],
  };
  const created = await post(`/v1/sandboxes?name=s-${Math.random().toString(36).slice(2)}`, body);
  expect(created.status).toBe(200);
  return created.body.sandbox_id as string;
}

describe('limits checked before the work', () => {
  test('a sandbox set with index 3,000,000 is refused, also nested in a job sub-delta; the sandbox stays usable', async () => {
    const id = await sandbox();
    const direct = await post(`/v1/sandboxes/${id}/revisions`, {
      deltas: [{ $path: ['schedules', { id: 'w' }, 'jobs'], set: [{ index: 3_000_000, value: 'j' }] }],
    });
    expectFault(direct, 400, { property: 'request.deltas[0].set[0].index', code: 'value_out_of_range_error' });
    const nestedSet = await post(`/v1/sandboxes/${id}/revisions`, {
      deltas: [
        { $path: ['jobs'], assign: [{ id: 'j', job_attributes: { $collection: 'array', set: [{ index: 3_000_000, value: 'b' }] } }] },
      ],
    });
    expectFault(nestedSet, 400, { code: 'value_out_of_range_error' });
    expect((await get(`/v1/sandboxes/${id}`)).status).toBe(200);
  });

  test('undo_redo_to_revision of 2^31 and 2^53 and a cursor of year −271821 are 400s', async () => {
    const id = await sandbox();
    for (const huge of [2 ** 31, 2 ** 53]) {
      expectFault(await post(`/v1/sandboxes/${id}/revisions`, { undo_redo_to_revision: huge }), 400, {
        property: 'request.undo_redo_to_revision',
        code: 'value_out_of_range_error',
      });
    }
    const cursor = Buffer.from(JSON.stringify(['-271821-04-20T00:00:00.000Z', 'x'])).toString('base64url');
    expectFault(await get(`/v1/tasks?cursor=${cursor}`), 400, { property: 'cursor', code: 'invalid_cursor_error' });
    expectFault(await get(`/v1/platform/runs?cursor=${cursor}`), 400, { property: 'cursor', code: 'invalid_cursor_error' });
  });

  test('a task body nested 10,000 deep and a sandbox delta nested 5,000 deep are 400s', async () => {
    expectFault(await postText('/v1/evaluate', `{"routes": ${nested(10_000)}}`), 400, { code: 'nesting_too_deep_error' });
    const id = await sandbox();
    expectFault(await postText(`/v1/sandboxes/${id}/revisions`, `{"deltas": [{"$path": [], "custom": ${nested(5000)}}]}`), 400, {
      code: 'nesting_too_deep_error',
    });
  });

  test('a 1 MB geocode query and max_results 51 are 400s before any task starts', async () => {
    const long = await post('/v1/geocode', { addresses: [{ query: 'Avenue '.repeat(150_000) }] });
    expectFault(long, 400, { property: 'request.addresses[0].query', code: 'string_too_long_error' });
    expectFault(await post('/v1/geocode', { addresses: [{ query: 'Quai Antoine 1er', max_results: 51 }] }), 400, {
      property: 'request.addresses[0].max_results',
      code: 'value_out_of_range_error',
    });
    const tasks = await get('/v1/tasks');
    expect(tasks.body.tasks).toEqual([]);
  });

  test('instantiate refuses 4 schedules × 1,000 visits a week over 366 days; path refuses 1,200 stops; canonicalize refuses 30,000 jobs', async () => {
    const schedules = [1, 2, 3, 4].map((i) => ({
      id: `s${i}`,
      type: 'times_per_week',
      frequency: 1000,
      earliest_date: '2024-01-01',
      job_template: { location: '43.73, 7.42' },
    }));
    expectFault(await post('/v1/instantiate?start_date=2024-01-01&num_days=366', { schedules }), 400, {
      property: 'num_days',
      code: 'value_out_of_range_error',
    });
    const stops = Array.from({ length: 600 }, (_, i) => ({ location: `43.73, ${(7.41 + i * 1e-5).toFixed(5)}` }));
    expectFault(await post('/v1/path', { routes: [{ stops }, { stops }] }), 400, {
      property: 'request.routes',
      code: 'too_many_items_error',
    });
    const jobs = Array.from({ length: 30_000 }, (_, i) => ({ id: `j${i}`, location: '43.73, 7.42' }));
    expectFault(await post('/v1/canonicalize', { jobs }), 400, { property: 'request', code: 'too_many_items_error' });
  });

  test('finite extremes such as cost_per_km 1.7e308 are out of range, not "cost": null', async () => {
    const response = await post('/v1/evaluate?wait=1', {
      routes: [{ id: 'r', cost_per_km: 1.7e308, location: '43.73, 7.42', jobs: [{ id: 'a', location: '43.74, 7.43' }] }],
    });
    expectFault(response, 400, { property: 'request.routes[0].cost_per_km', code: 'value_out_of_range_error' });
  });
});

describe('route cards', () => {
  const routeOf = (stops: number) => ({
    id: 'long',
    location: '43.7384, 7.4246',
    jobs: Array.from({ length: stops }, (_, i) => ({
      id: `j${i}`,
      location: `${(43.728 + (i % 40) * 0.0005).toFixed(5)}, ${(7.412 + Math.floor(i / 40) * 0.0012).toFixed(5)}`,
    })),
  });

  test('a route of 800 stops gets its HTML card (the map once overflowed the call stack)', async () => {
    const response = await request(`${stack.baseUrl}/v1/route_cards`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json', accept: 'text/html' },
      body: JSON.stringify({ routes: [routeOf(800)] }),
    });
    expect(response.status).toBe(200);
    expect(response.text).toContain('<svg');
  });

  test('more jobs than the cards are drawn for: 400 before any travel is computed', async () => {
    expectFault(await post('/v1/route_cards', { routes: [routeOf(2001)] }), 400, {
      property: 'request.jobs',
      code: 'too_many_items_error',
    });
  });
});

describe('NUL characters are 400s (or failed credentials), never 500s', () => {
  test('in body ids and names, path ids, query names, tags and cursors', async () => {
    expectFault(await post('/v1/evaluate', { routes: [{ id: 'r\u0000', jobs: [] }] }), 400, {
      property: 'request.routes[0].id',
      code: 'invalid_character_error',
    });
    expectFault(await get('/v1/tasks/abc%00def'), 400, { property: 'taskId', code: 'invalid_character_error' });
    expectFault(await post('/v1/sandboxes?name=a%00b', {}), 400, { property: 'name', code: 'invalid_character_error' });
    const id = await sandbox();
    expectFault(await post(`/v1/sandboxes/${id}/revisions?tag=t%00`, { deltas: [] }), 400, {
      property: 'tag',
      code: 'invalid_character_error',
    });
    expectFault(await get('/v1/tasks?cursor=%00'), 400, { property: 'cursor', code: 'invalid_character_error' });
  });

  test('in Basic credentials and login names: 401', async () => {
    const basic = `Basic ${Buffer.from(`${owner.account}%3A${owner.user}\u0000:${owner.password}\u0000`).toString('base64')}`;
    const response = await get('/v1/tasks', { authorization: basic });
    expect(response.status).toBe(401);
    expect(response.body.error_code).toBe('invalid_basic_auth_error');
    const login = await postJson(`${stack.baseUrl}/auth/login`, {
      username: `${owner.account}:\u0000`,
      password: 'x',
      application: 'session',
    });
    expect(login.status).toBe(400);
    expect(login.body.errors[0]).toMatchObject({ code: 'invalid_character_error' });
  });
});

describe('no framework internals, paths or hosts in answers', () => {
  test('a malformed percent-encoding answers our error shape', async () => {
    const response = await get('/v1/tasks/%G0');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status_code: 400, error_code: 'bad_request_error' });
    expect(response.text).not.toMatch(/FST_|statusCode/);
  });

  test('oversized headers: 431 in our error shape', async () => {
    const response = await get('/v1/tasks', { ...auth(), 'x-filler': 'x'.repeat(64 * 1024) });
    expect(response.status).toBe(431);
    expect(response.body).toMatchObject({ status_code: 431, error_code: 'request_header_fields_too_large_error' });
  });

  test('OPTIONS and TRACE on known paths: 405 with Allow', async () => {
    for (const method of ['OPTIONS', 'TRACE']) {
      const answer = await rawRequest(
        `${method} /v1/tasks HTTP/1.1\r\nHost: x\r\nAuthorization: ${owner.basic}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/\r\nallow: GET\r\n/i);
      expect(answer).toContain('"error_code":"method_not_allowed_error"');
    }
  });
});

/** Writes raw request bytes (possibly an unfinished request) and resolves with everything the server wrote before closing. */
function rawRequest(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(stack.port, '127.0.0.1', () => socket.write(head));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('slow clients are cut off', () => {
  test('a body that stops arriving gets 408 and the connection closes', async () => {
    const answer = await rawRequest(
      `POST /v1/validate HTTP/1.1\r\nHost: x\r\nAuthorization: ${owner.basic}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jobs": [`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"error_code":"request_timeout_error"');
  });

  test('headers that stop arriving get 408', async () => {
    const answer = await rawRequest(`GET /v1/tasks HTTP/1.1\r\nHost: x\r\nX-Slow: `);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('a long-poll is not cut by the request timeout', async () => {
    // The stack's wait outlasts its request timeout: only receiving the request is timed, so the
    // poll runs to the end of its wait (cut at the request timeout, it would answer 408).
    expect(waitSeconds).toBeGreaterThan(requestTimeoutSeconds);
    const id = await sandbox();
    const polled = await get(`/v1/sandboxes/${id}/revisions?from=5&wait=1`);
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({ revisions: [] });
  });
});

describe('sessions', () => {
  const login = (user: TestUser, password = user.password) =>
    postJson(`${stack.baseUrl}/auth/login`, { username: `${user.account}:${user.user}`, password, application: 'session' });

  test('401 answers carry WWW-Authenticate', async () => {
    const response = await request(`${stack.baseUrl}/v1/tasks`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
  });

  test('logout ends the session', async () => {
    const session = (await login(owner)).body.sessionId as string;
    expect((await get('/v1/tasks', { 'x-service-session-id': session })).status).toBe(200);
    const out = await request(`${stack.baseUrl}/auth/logout`, { method: 'POST', headers: { 'x-service-session-id': session } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect((await get('/v1/tasks', { 'x-service-session-id': session })).body.error_code).toBe('invalid_session_id_error');
  });

  test('a session used all the time still ends at its absolute lifetime', async () => {
    const loggedIn = await login(owner);
    expect(loggedIn.status).toBe(200);
    const session = loggedIn.body.sessionId as string;
    let status = 200;
    let uses = 0;
    const started = Date.now();
    while (status === 200 && Date.now() - started < 10_000) {
      status = (await get('/v1/tasks', { 'x-service-session-id': session })).status;
      if (status === 200) uses++;
      await new Promise((r) => setTimeout(r, 250));
    }
    // Used every 250 ms, far inside the hour of inactivity allowed, yet it ends (after 3 s).
    expect(uses).toBeGreaterThan(1);
    expect(status).toBe(401);
  });

  test('expired sessions are purged at the next login', async () => {
    await stack.query(
      `INSERT INTO sessions(id_hash, account, user_name, expires_time) VALUES ('\\x01'::bytea, $1, $2, now() - interval '1 minute')`,
      [owner.account, owner.user],
    );
    await login(owner);
    expect((await stack.query(`SELECT count(*)::int AS n FROM sessions WHERE expires_time <= now()`)).rows[0].n).toBe(0);
  });
});

describe('failed logins are throttled (runs last: it locks this client address out)', () => {
  test('per account: after 10 failures even the right password waits, with Retry-After; other accounts are unaffected', async () => {
    const wrong = `Basic ${Buffer.from(`${owner.account}%3A${owner.user}:wrong`).toString('base64')}`;
    for (let i = 0; i < 10; i++) expect((await get('/v1/tasks', { authorization: wrong })).status).toBe(401);
    for (const response of [
      await get('/v1/tasks'),
      await postJson(`${stack.baseUrl}/auth/login`, {
        username: `${owner.account}:${owner.user}`,
        password: owner.password,
        application: 'session',
      }),
    ]) {
      expect(response.status).toBe(429);
      expect(response.body.error_code).toBe('too_many_requests_error');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await get('/v1/tasks', auth(other))).status).toBe(200);
  });

  test(`per client address: after ${addressFailures} failures over any names, every login from it waits`, async () => {
    let status = 401;
    for (let i = 0; i < addressFailures && status === 401; i++) {
      status = (await postJson(`${stack.baseUrl}/auth/login`, { username: `guess-${i}:ops`, password: 'x', application: 'session' }))
        .status;
    }
    const blocked = await get('/v1/tasks', auth(other));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
