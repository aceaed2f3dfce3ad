import { echoRequest } from '../../../../model/echo.js';
import type { AssignmentRestrictionsResponse, ProblemResponse } from '../../../../model/types/responses.js';
import { evaluateBody, run, violationTypes, type Body } from './dispatch-fixtures.js';

const depot = '47.6062, -122.3321';

function restrictedProblem(): Body {
  return {
    drivers: [{ id: 'ann', attributes: ['hazmat'] }, { id: 'bob' }],
    jobs: [
      { id: 'anywhere', location: '47.61, -122.33', load: 1 },
      { id: 'hazmat', location: '47.62, -122.31', required_driver_attributes: ['hazmat'] },
      { id: 'monday', location: '47.60, -122.35', date: '2024-03-04' },
      { id: 'heavy', location: '47.63, -122.30', load: 8 },
      { id: 'nowhere', location: '47.64, -122.29', required_route_attributes: ['crane'], time_window: { start: '05:00', end: '05:30' } },
    ],
    routes: [
      { id: 'ann-mon', driver: 'ann', date: '2024-03-04', location: depot, start_time: '08:00', load_capacity: 10, jobs: ['anywhere'] },
      { id: 'bob-mon', driver: 'bob', date: '2024-03-04', location: depot, start_time: '08:00', load_capacity: 5, jobs: [] },
      { id: 'bob-tue', driver: 'bob', date: '2024-03-05', location: depot, start_time: '08:00', load_capacity: 10, jobs: [] },
    ],
  };
}

describe('assignment_restrictions', () => {
  test('lists, per job, the routes it may not go on with the violations the evaluator gives it there alone', async () => {
    const body = restrictedProblem();
    const result = await run<AssignmentRestrictionsResponse>('assignment_restrictions', body);
    const restricted = new Map(
      result.jobs.map((job) => [job.id, new Map(job.routes.map((route) => [route.id, route.violations.map((v) => v.type).sort()]))]),
    );
    expect([...restricted.keys()]).toEqual(['hazmat', 'monday', 'heavy', 'nowhere']);
    for (const job of body.jobs) {
      for (const route of body.routes) {
        const alone: Body = { ...body, routes: body.routes.map((r) => ({ ...r, jobs: r.id === route.id ? [job.id] : [] })) };
        const evaluated = (await evaluateBody(alone)).routes.find((r) => r.id === route.id)!;
        expect({ job: job.id, route: route.id, violations: violationTypes([evaluated]).sort() }).toEqual({
          job: job.id,
          route: route.id,
          violations: restricted.get(job.id)?.get(route.id) ?? [],
        });
      }
    }
    expect(restricted.get('hazmat')).toEqual(
      new Map([
        ['bob-mon', ['missing_driver_attributes']],
        ['bob-tue', ['missing_driver_attributes']],
      ]),
    );
    expect(result.unrouted_jobs).toEqual([{ id: 'nowhere', reasons: ['job_missed_time_window', 'missing_route_attributes'] }]);
  });

  test('return_request answers the canonical request with the restrictions', async () => {
    const body = restrictedProblem();
    const result = await run<Record<string, unknown>>('assignment_restrictions', { ...body, return_request: true });
    // The routes as the full-request echo prints them: dates as datetimes, latlons and timespans in wire form.
    expect(result.routes).toEqual(echoRequest(body, 'assignment_restrictions').routes);
    expect((result.routes as { date?: string }[]).every((route) => route.date === undefined || route.date.endsWith('T00:00:00'))).toBe(
      true,
    );
    expect(result.assignment_restrictions).toEqual(await run('assignment_restrictions', body));
  });

  test('settings.return_assignment_restrictions fills stop_response.assignment_restrictions (evaluate, recommend)', async () => {
    const body = restrictedProblem();
    const placed = { ...body, routes: body.routes.map((route) => (route.id === 'bob-tue' ? { ...route, jobs: ['hazmat'] } : route)) };
    const result = await evaluateBody({ ...placed, settings: { return_assignment_restrictions: true } });
    const stops = result.routes.flatMap((route) => (route.stops ?? []).filter((stop) => stop.type === 'job'));
    expect(stops.find((stop) => stop.id === 'anywhere')!.assignment_restrictions).toEqual([]);
    expect(stops.find((stop) => stop.id === 'hazmat')!.assignment_restrictions).toEqual([
      { type: 'missing_driver_attributes', data: { attributes: ['hazmat'], route: 'bob-mon' } },
      { type: 'missing_driver_attributes', data: { attributes: ['hazmat'], route: 'bob-tue' } },
    ]);
    const recommended = await run<{ recommend_options: { routes: ProblemResponse['routes'] }[] }>('recommend', {
      ...body,
      job: 'hazmat',
      max_results: 1,
      settings: { return_assignment_restrictions: true },
    });
    const hazmatStop = recommended.recommend_options[0]!.routes.flatMap((route) => route.stops ?? []).find((stop) => stop.id === 'hazmat')!;
    expect(hazmatStop.assignment_restrictions!.map((violation) => violation.data!.route)).toEqual(['bob-mon', 'bob-tue']);
    const plain: ProblemResponse = await evaluateBody(placed);
    expect(plain.routes.flatMap((route) => route.stops ?? []).some((stop) => 'assignment_restrictions' in stop)).toBe(false);
  });
});
