import { useTestStack } from '../support/stack.js';
import { postJson, request } from '../support/http.js';

const { stack, user } = useTestStack();

const auth = () => ({ authorization: user.basic });
const post = (path: string, body: unknown) => postJson(`${stack.baseUrl}${path}`, body, auth());

// 2024-02-26 is a Monday; the window runs to 3 March across 29 February.
const problem = {
  custom: { plan: 'week 9' },
  shifts: [
    { id: 'early', name: 'Early', start_time: '06:00', end_time: '14:00', breaks: [{ id: 'tea', start: '10:00', length: '00:15' }] },
    { id: 'late', name: 'Late', start_time: '14:00', end_time: '22:00' },
  ],
  shift_patterns: [{ id: 'rota', shifts: [['early'], ['early', 'late'], []] }],
  shift_overrides: [{ id: 'leap day off', start_date: '2024-02-29', end_date: '2024-02-29', shift: null }],
  drivers: [
    { id: 'ann', name: 'Ann', shift_patterns: [{ shift_pattern: 'rota', start_date: '2024-02-26' }] },
    {
      id: 'bob',
      shift_patterns: [{ shift_pattern: 'rota', start_date: '2024-02-27', end_date: '2024-02-28' }],
      shift_overrides: [{ start_date: '2024-02-29', end_date: '2024-02-29', shift: 'late' }],
    },
  ],
  routes: [{ id: 'ann monday', date: '2024-02-26', driver: 'ann', start_time: '07:00', end_time: '09:00' }],
  schedules: [
    {
      id: 'bakery',
      name: 'Bakery run',
      type: 'times_per_week',
      frequency: 2,
      earliest_date: '2024-02-26',
      custom: { account: 'b-1' },
      job_template: { location: '47.62, -122.35', time_on_site: '00:10' },
    },
    {
      id: 'bank',
      type: 'monthly_by_day_of_month',
      base_date: '2024-01-31',
      earliest_date: '2024-01-01',
      job_template: { location: '47.60, -122.33' },
    },
  ],
};

const instantiateUrl = '/v1/instantiate?start_date=2024-02-26&num_days=7';

describe('POST /v1/instantiate', () => {
  test('answers the new routes and jobs of the window', async () => {
    const response = await post(instantiateUrl, problem);
    expect(response.status).toBe(200);
    expect(response.body.custom).toEqual({ plan: 'week 9' });
    // Ann: 26 Feb early overlaps her own route, 28 Feb off in the pattern, 29 Feb the problem-level day off.
    // Bob: his assignment ends on 28 Feb, but his own override gives him the late shift on 29 Feb.
    expect(response.body.routes.map((route: { id: string; name: string }) => `${route.id} | ${route.name}`)).toEqual([
      'ann_2024-02-27_early | Ann 2024-02-27 Early',
      'ann_2024-02-27_late | Ann 2024-02-27 Late',
      'bob_2024-02-27_early | bob 2024-02-27 Early',
      'bob_2024-02-28_early | bob 2024-02-28 Early',
      'bob_2024-02-28_late | bob 2024-02-28 Late',
      'bob_2024-02-29_late | bob 2024-02-29 Late',
      'ann_2024-03-01_early | Ann 2024-03-01 Early',
      'ann_2024-03-01_late | Ann 2024-03-01 Late',
      'ann_2024-03-03_early | Ann 2024-03-03 Early',
    ]);
    expect(response.body.routes[0]).toEqual({
      id: 'ann_2024-02-27_early',
      name: 'Ann 2024-02-27 Early',
      start_time: '06:00:00',
      end_time: '14:00:00',
      breaks: [{ id: 'tea', start: '10:00:00', length: '00:15:00' }],
      date: '2024-02-27',
      driver: 'ann',
    });
    expect(response.body.schedules).toEqual([
      {
        id: 'bakery',
        name: 'Bakery run',
        custom: { account: 'b-1' },
        jobs: [
          { job: 'bakery_0', ordinal: 0, target_date_range: { start: '2024-02-26', end: '2024-02-27' } },
          { job: 'bakery_1', ordinal: 1, target_date_range: { start: '2024-02-28', end: '2024-03-02' } },
          { job: 'bakery_2', ordinal: 2, target_date_range: { start: '2024-03-03', end: '2024-03-05' } },
        ],
      },
      {
        id: 'bank',
        jobs: [{ job: 'bank_1', ordinal: 1, target_date: '2024-02-29', target_date_range: { start: '2024-02-29', end: '2024-02-29' } }],
      },
    ]);
    expect(response.body.jobs).toEqual([
      { id: 'bakery_0', location: '47.62,-122.35', time_on_site: '00:10:00', custom: { account: 'b-1' } },
      { id: 'bakery_1', location: '47.62,-122.35', time_on_site: '00:10:00', custom: { account: 'b-1' } },
      { id: 'bakery_2', location: '47.62,-122.35', time_on_site: '00:10:00', custom: { account: 'b-1' } },
      { id: 'bank_1', location: '47.60,-122.33' },
    ]);
  });

  test('return_request answers the whole problem; sending it back creates nothing', async () => {
    const full = await post(instantiateUrl, { ...problem, return_request: true });
    expect(full.status).toBe(200);
    expect(full.body.routes).toHaveLength(10);
    expect(full.body.schedules.map((schedule: { jobs: unknown[] }) => schedule.jobs)).toEqual([
      ['bakery_0', 'bakery_1', 'bakery_2'],
      [null, 'bank_1'],
    ]);
    const again = await post(instantiateUrl, { ...full.body, return_request: false });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ jobs: [], routes: [] });
    const validation = await post('/v1/validate', full.body);
    expect(validation.body).toEqual({ valid: true, errors: [] });
  });

  test('generate_routes=0 and generate_jobs=0; num_days defaults to 1', async () => {
    const noRoutes = await post('/v1/instantiate?start_date=2024-02-28&generate_routes=0', problem);
    expect(noRoutes.status).toBe(200);
    expect(noRoutes.body.routes).toEqual([]);
    expect(noRoutes.body.jobs.map((job: { id: string }) => job.id)).toEqual(['bakery_1']);
    const noJobs = await post('/v1/instantiate?start_date=2024-02-28&generate_jobs=false', problem);
    expect(noJobs.status).toBe(200);
    expect(noJobs.body.jobs).toEqual([]);
    expect(noJobs.body.routes.map((route: { id: string }) => route.id)).toEqual(['bob_2024-02-28_early', 'bob_2024-02-28_late']);
    expect(noJobs.body.schedules.map((schedule: { jobs: unknown[] }) => schedule.jobs)).toEqual([[], []]);
  });

  test('400 for a missing or malformed start_date and for a bad num_days, with the body faults in the same answer', async () => {
    const missing = await post('/v1/instantiate?num_days=2', problem);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      status_code: 400,
      error_code: 'validation_failed_error',
      message: 'The request has 1 validation error.',
      errors: [
        {
          property: 'start_date',
          code: 'required_property_missing_error',
          message: expect.any(String),
          parameters: { property_name: 'start_date' },
        },
      ],
      extra_error_information: { validation_failures_count: 1 },
    });

    const malformed = await post('/v1/instantiate?start_date=2023-02-29', problem);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([
      { property: 'start_date', code: 'invalid_date_error', message: expect.any(String), attempted_value: '2023-02-29' },
    ]);

    for (const [numDays, code] of [
      ['0', 'value_out_of_range_error'],
      ['367', 'value_out_of_range_error'],
      ['two', 'invalid_type_error'],
      ['1.5', 'invalid_type_error'],
    ]) {
      const response = await post(`/v1/instantiate?start_date=2024-02-26&num_days=${numDays}`, problem);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ property: 'num_days', code })]);
    }

    const flag = await post('/v1/instantiate?start_date=2024-02-26&generate_jobs=yes', problem);
    expect(flag.body.errors).toEqual([expect.objectContaining({ property: 'generate_jobs', code: 'invalid_enum_value_error' })]);

    const often = await post('/v1/instantiate?start_date=2024-02-26', {
      schedules: [{ id: 's', type: 'times_per_week', frequency: 1e9, earliest_date: '2024-02-26' }],
    });
    expect(often.body.errors).toEqual([
      expect.objectContaining({ property: 'request.schedules[0].frequency', code: 'value_out_of_range_error' }),
    ]);

    const both = await post('/v1/instantiate?num_days=0', { schedules: [{ id: 's', type: 'daily' }] });
    expect(both.status).toBe(400);
    expect(both.body.errors.map((fault: { property: string; code: string }) => [fault.property, fault.code])).toEqual([
      ['start_date', 'required_property_missing_error'],
      ['num_days', 'value_out_of_range_error'],
      ['request.schedules[0].earliest_date', 'required_property_missing_error'],
    ]);
  });

  test('400 with the interface codes for route dates', async () => {
    const mixed = await post(instantiateUrl, { routes: [{ id: 'a', date: '2024-02-26' }, { id: 'b' }] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual([{ property: 'request', code: 'route_dates_mismatch_error', message: expect.any(String) }]);
    const undated = await post(instantiateUrl, { ...problem, routes: [{ id: 'a' }] });
    expect(undated.status).toBe(400);
    expect(undated.body.errors).toEqual([
      { property: 'request', code: 'routes_with_schedules_must_have_dates_error', message: expect.any(String) },
    ]);
  });

  test('415 without a JSON content type, 405 on GET, 401 without credentials', async () => {
    const text = await request(`${stack.baseUrl}${instantiateUrl}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    const get = await request(`${stack.baseUrl}${instantiateUrl}`, { headers: auth() });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const anonymous = await postJson(`${stack.baseUrl}${instantiateUrl}`, problem);
    expect(anonymous.status).toBe(401);
  });
});
