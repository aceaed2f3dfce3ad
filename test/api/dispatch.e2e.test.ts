import { MAX_JOBS_TO_INSERT } from '../../model/operations.js';
import { useTestStack } from '../support/stack.js';
import { postJson, request, type JsonResponse } from '../support/http.js';

// Straight lines: the jobs lie around Seattle, off the demo map.
const { stack, user } = useTestStack({ WAYPLAN_WAIT_SECONDS: '5', WAYPLAN_TRAVEL_PROVIDER: 'straight_line' });

const auth = () => ({ authorization: user.basic });
const get = (path: string) => request(`${stack.baseUrl}${path}`, { headers: auth() });

/** wait=1: the result, following 302s while the task runs. */
async function waited(operation: string, body: unknown): Promise<JsonResponse> {
  let response = await postJson(`${stack.baseUrl}/v1/${operation}?wait=1`, body, auth());
  while (response.status === 302) response = await get(response.headers.get('location')!);
  return response;
}

/** Deferred: the task redirect, then the result from its wait_url. */
async function deferred(operation: string, body: unknown): Promise<JsonResponse> {
  const started = await postJson(`${stack.baseUrl}/v1/${operation}`, body, auth());
  expect(started.status).toBe(200);
  expect(started.body).toMatchObject({ task_id: expect.any(String), wait_url: `tasks/${started.body.task_id}/result?wait=1` });
  let response = await get(`/v1/${started.body.wait_url}`);
  while (response.status === 302) response = await get(response.headers.get('location')!);
  const status = await get(`/v1/tasks/${started.body.task_id}`);
  expect(status.body).toMatchObject({ operation, status: 'completed' });
  return response;
}

const depot = '47.6062, -122.3321';
const problem = {
  jobs: [
    { id: 'a', location: '47.61, -122.33' },
    { id: 'b', location: '47.62, -122.35' },
    { id: 'c', location: '47.60, -122.30' },
    { id: 'new', location: '47.63, -122.32' },
    { id: 'lift', location: '47.63, -122.31', required_route_attributes: ['lift'] },
  ],
  routes: [
    { id: 'r1', location: depot, start_time: '08:00', jobs: ['a', 'b'] },
    { id: 'r2', location: depot, start_time: '08:00', jobs: ['c'] },
  ],
};

const jobIds = (route: { stops: { type: string; id: string }[] }): string[] =>
  route.stops.filter((stop) => stop.type === 'job').map((stop) => stop.id);

describe.each([
  ['wait=1', waited],
  ['deferred', deferred],
])('dispatch operations over HTTP (%s)', (_mode, answer) => {
  test('POST /v1/recommend answers ranked recommend_options', async () => {
    const response = await answer('recommend', { ...problem, job: 'new', max_results: 3 });
    expect(response.status).toBe(200);
    const options = response.body.recommend_options as {
      delta_internal_cost: number;
      route_index: number;
      job_index: number;
      routes: { id: string; stops: { type: string; id: string }[] }[];
    }[];
    expect(options).toHaveLength(3);
    for (let i = 1; i < options.length; i++)
      expect(options[i]!.delta_internal_cost).toBeGreaterThanOrEqual(options[i - 1]!.delta_internal_cost);
    for (const option of options) expect(jobIds(option.routes[option.route_index]!)[option.job_index]).toBe('new');
  });

  test('POST /v1/insert places jobs without reordering and lists the rest with reasons', async () => {
    const response = await answer('insert', { ...problem, jobs_to_insert: ['new', 'lift'] });
    expect(response.status).toBe(200);
    const routes = response.body.routes as { id: string; stops: { type: string; id: string }[] }[];
    expect(jobIds(routes[0]!).filter((id) => id !== 'new')).toEqual(['a', 'b']);
    expect(jobIds(routes[1]!).filter((id) => id !== 'new')).toEqual(['c']);
    expect([...jobIds(routes[0]!), ...jobIds(routes[1]!)]).toContain('new');
    expect(response.body.unrouted_jobs).toEqual([{ id: 'lift', reasons: ['missing_route_attributes'] }]);
  });

  test('POST /v1/assignment_restrictions answers the restrictions of each job', async () => {
    const response = await answer('assignment_restrictions', problem);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      jobs: [
        {
          id: 'lift',
          routes: [
            { id: 'r1', violations: [{ type: 'missing_route_attributes', data: { attributes: ['lift'] } }] },
            { id: 'r2', violations: [{ type: 'missing_route_attributes', data: { attributes: ['lift'] } }] },
          ],
        },
      ],
      unrouted_jobs: [{ id: 'lift', reasons: ['missing_route_attributes'] }],
    });
  });
});

describe('dispatch operations refuse bad input', () => {
  test('recommend without a job: 400 validation_failed_error at request.job', async () => {
    const response = await postJson(`${stack.baseUrl}/v1/recommend?wait=1`, problem, auth());
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status_code: 400, error_code: 'validation_failed_error' });
    expect(response.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ property: 'request.job', code: 'required_property_missing_error' })]),
    );
  });

  test(`insert of more than ${MAX_JOBS_TO_INSERT} jobs: 400 too_many_jobs_to_insert_error`, async () => {
    const jobs = Array.from({ length: MAX_JOBS_TO_INSERT + 1 }, (_, i) => ({ id: `j${i}`, location: '47.6, -122.3' }));
    const response = await postJson(
      `${stack.baseUrl}/v1/insert`,
      { jobs, routes: [{ id: 'r', location: depot }], jobs_to_insert: jobs.map((job) => job.id) },
      auth(),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status_code: 400,
      error_code: 'too_many_jobs_to_insert_error',
      message: expect.stringContaining(String(MAX_JOBS_TO_INSERT)),
    });
  });

  test('insert naming an unknown job: 400 reference_not_found_error', async () => {
    const response = await postJson(`${stack.baseUrl}/v1/insert?wait=1`, { ...problem, jobs_to_insert: ['ghost'] }, auth());
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'reference_not_found_error' })]));
  });

  test('assignment_restrictions with a job lacking a location: 400 job_location_missing_error', async () => {
    const response = await postJson(
      `${stack.baseUrl}/v1/assignment_restrictions?wait=1`,
      { ...problem, jobs: [...problem.jobs, { id: 'lost' }] },
      auth(),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ property: 'request.jobs[5].location', code: 'job_location_missing_error' }),
    ]);
  });
});
