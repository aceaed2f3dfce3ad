import { useTestStack } from '../support/stack.js';
import { followWait, postJson, postJsonWaiting, request } from '../support/http.js';

const { stack, user } = useTestStack();

const auth = () => ({ authorization: user.basic });
const post = (path: string, body: unknown) => postJsonWaiting(`${stack.baseUrl}${path}`, body, auth());
const get = (path: string) => request(`${stack.baseUrl}${path}`, { headers: auth() });

const problem = {
  custom: { batch: '7' },
  routes: [
    {
      id: 'r1',
      location: '47.6062, -122.3321',
      start_time: '08:00',
      custom: { shift: 'am' },
      jobs: [
        { id: 'c', location: '47.65, -122.31', time_on_site: '00:10' },
        { id: 'a', location: '47.62, -122.35', time_on_site: '00:10', load: 2 },
        'b',
      ],
    },
  ],
  jobs: [
    { id: 'b', location: '47.58, -122.30', time_on_site: '00:05', time_window: { start: '08:00', end: '08:01' } },
    { id: 'idle', location: '47.60, -122.30' },
  ],
};

describe('POST /v1/validate', () => {
  test('a valid problem: 200 {valid: true, errors: []}', async () => {
    const response = await post('/v1/validate', problem);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ valid: true, errors: [] });
  });

  test('an invalid problem is still 200, with every fault', async () => {
    const response = await post('/v1/validate', { jobs: [{ id: 'x' }, { id: 'y', location: 'nowhere' }], routes: 'r' });
    expect(response.status).toBe(200);
    expect(response.body.valid).toBe(false);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'request.jobs[0].location', code: 'job_location_missing_error' }),
        expect.objectContaining({ property: 'request.jobs[1].location', code: 'reference_not_found_error' }),
        expect.objectContaining({ property: 'request.routes', code: 'invalid_type_error' }),
      ]),
    );
    const notAnObject = await post('/v1/validate', [1, 2]);
    expect(notAnObject.status).toBe(200);
    expect(notAnObject.body).toMatchObject({
      valid: false,
      errors: [expect.objectContaining({ property: 'request', code: 'invalid_type_error' })],
    });
  });

  test('malformed JSON is 400 invalid_json_error; wrong method 405; no credentials 401', async () => {
    const malformed = await request(`${stack.baseUrl}/v1/validate`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{"jobs": [',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ code: 'invalid_json_error', line: 1 });
    const wrongMethod = await get('/v1/validate');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect((await postJson(`${stack.baseUrl}/v1/validate`, problem)).status).toBe(401);
  });
});

describe('POST /v1/canonicalize', () => {
  test('answers the canonical problem: inline entities in their collections, referenced by id', async () => {
    const response = await post('/v1/canonicalize', problem);
    expect(response.status).toBe(200);
    expect(response.body.jobs.map((j: { id: string }) => j.id)).toEqual(['b', 'idle', 'c', 'a']);
    expect(response.body.routes[0].jobs).toEqual(['c', 'a', 'b']);
    const again = await post('/v1/canonicalize', response.body);
    expect(again.body).toEqual(response.body);
  });

  test('an invalid problem is 400 validation_failed_error', async () => {
    const response = await post('/v1/canonicalize', { jobs: [{ id: 'x', time_on_site: 'soon' }] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error_code: 'validation_failed_error',
      errors: [expect.objectContaining({ property: 'request.jobs[0].time_on_site', code: 'invalid_timespan_error' })],
    });
  });
});

describe('POST /v1/evaluate', () => {
  test('wait=1: the routes as given, with stops, costs and violations', async () => {
    const response = await post('/v1/evaluate?wait=1', problem);
    expect(response.status).toBe(200);
    const route = response.body.routes[0];
    expect(route.stops.map((s: { type: string; id: string }) => `${s.type}:${s.id}`)).toEqual([
      'depot:r1:start',
      'job:c',
      'job:a',
      'job:b',
      'depot:r1:end',
    ]);
    expect(route.stops.find((s: { id: string }) => s.id === 'b').violations[0].type).toBe('job_missed_time_window');
    expect(route.internal_cost).toBeGreaterThan(route.cost + 100000);
    expect(route.custom).toEqual({ shift: 'am' });
    expect(response.body.unrouted_jobs).toEqual([{ id: 'idle' }]);
    expect(response.body.custom).toEqual({ batch: '7' });
  });

  test('wait=1&aggregate=1: problem_aggregates', async () => {
    const response = await post('/v1/evaluate?wait=1&aggregate=1', problem);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      load: 2,
      num_assigned_jobs: 3,
      num_unassigned_jobs: 1,
      num_routes: 1,
      num_violations: 1,
      total_working_time: expect.any(String),
    });
    expect(response.body).not.toHaveProperty('routes');
  });

  test('aggregate=1 without wait is a plain task; the result gives aggregates when asked for them', async () => {
    const started = await post('/v1/evaluate?aggregate=1', problem);
    expect(started.status).toBe(200);
    const id = started.body.task_id;
    const full = await followWait(stack.baseUrl, await get(`/v1/tasks/${id}/result?wait=1`), auth());
    expect(full.status).toBe(200);
    expect(full.body.routes).toHaveLength(1);
    const aggregated = await get(`/v1/tasks/${id}/result?aggregate=1`);
    expect(aggregated.status).toBe(200);
    expect(aggregated.body).toMatchObject({ num_assigned_jobs: 3, num_unassigned_jobs: 1, total_cost: full.body.routes[0].cost });
  });

  test('return_request: the whole problem with calculated values merged in, aggregatable later', async () => {
    const response = await post('/v1/evaluate?wait=1', { ...problem, return_request: true });
    expect(response.status).toBe(200);
    expect(response.body.jobs.map((j: { id: string }) => j.id)).toEqual(['b', 'idle', 'c', 'a']);
    const route = response.body.routes[0];
    expect(route.jobs).toEqual(['c', 'a', 'b']);
    expect(route.response).toMatchObject({ id: 'r1', cost: expect.any(Number) });
    expect(route.stops).toHaveLength(5);
    expect(response.body.unrouted_jobs).toEqual([{ id: 'idle' }]);
  });

  test('sequence and build take return_request too', async () => {
    for (const operation of ['sequence', 'build']) {
      const response = await post(`/v1/${operation}?wait=1`, { ...problem, return_request: true });
      expect(response.status).toBe(200);
      expect(response.body.routes[0].response).toMatchObject({ id: 'r1' });
      expect(response.body.routes[0].stops.length).toBeGreaterThan(0);
    }
  });

  test('an invalid problem is 400 before any task starts', async () => {
    const response = await post('/v1/evaluate?wait=1', { routes: [{ id: 'r', jobs: [{ id: 'x' }] }] });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ property: 'request.jobs[0].location', code: 'job_location_missing_error' });
  });
});

describe('API description', () => {
  test('GET /v1/openapi.json is public and describes the operations', async () => {
    const response = await request(`${stack.baseUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/v1/evaluate', '/v1/validate', '/v1/canonicalize']));
    expect(response.body.components.schemas.route_response).toBeDefined();
  });

  test('GET /docs is a public, self-contained HTML page with paths, schemas and validation codes', async () => {
    const response = await request(`${stack.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.text).toContain('POST /v1/evaluate');
    expect(response.text).toContain('id="schema-stop_response"');
    expect(response.text).toContain('job_location_missing_error');
    expect(response.text).not.toMatch(/<(script|link|img)\b/i);
    expect(response.text).not.toMatch(/(src|href)="https?:/i);
    expect((await request(`${stack.baseUrl}/docs`, { method: 'POST' })).status).toBe(405);
  });
});
