import {
  isWholeProblem,
  plannedJobIds,
  plannedProblem,
  planSummary,
  readStoredResult,
  withoutCalculatedValues,
} from '../../model/plan-result.js';
import type { ProblemResponse } from '../../model/types/responses.js';

const stop = (type: string, id: string) => ({ type, id, ...(type === 'job' ? { job: id } : {}) });
const routeResponse = (id: string, jobs: string[], cost: number) => ({
  id,
  cost,
  distance_meters: 1000 * jobs.length,
  stops: [stop('start', `${id}-start`), ...jobs.map((job) => stop('job', job)), stop('end', `${id}-end`)],
});

/** A problem_response: two routes, one of them empty, and an unrouted job. */
const planned = {
  routes: [routeResponse('van', ['a', 'b'], 12.5), routeResponse('bike', [], 0)],
  unrouted_jobs: [{ id: 'c', reasons: ['time_window'] }],
} as unknown as ProblemResponse;

/** The same plan as the whole problem of return_request. */
const whole = {
  jobs: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
  routes: planned.routes.map(({ stops, ...response }) => ({
    id: response.id,
    jobs: stops!.filter((s) => s.type === 'job').map((s) => s.id),
    stops,
    response,
  })),
  unrouted_jobs: planned.unrouted_jobs,
  return_request: true,
};

test('a problem_response is read as it is, without a problem', () => {
  expect(isWholeProblem(planned as unknown as Record<string, unknown>)).toBe(false);
  expect(readStoredResult(planned as unknown as Record<string, unknown>)).toEqual({ plan: planned });
});

test('a whole problem gives its route responses back with their stops, and itself as the problem', () => {
  expect(isWholeProblem(whole)).toBe(true);
  const { plan, problem } = readStoredResult(whole);
  expect(plan).toEqual(planned);
  expect(problem).toBe(whole);
});

test('planned job ids come from a whole problem route’s jobs or a route_response’s job stops', () => {
  expect(plannedJobIds(whole.routes[0]!)).toEqual(['a', 'b']);
  expect(plannedJobIds(planned.routes[0] as unknown as Record<string, unknown>)).toEqual(['a', 'b']);
  expect(plannedJobIds({ id: 'r', jobs: [{ id: 'x' }, 'y'] })).toEqual(['x', 'y']);
  expect(plannedJobIds({ id: 'r' })).toEqual([]);
});

test('the summary counts routes that visit jobs, the jobs routed, cost and distance', () => {
  const summary = planSummary(planned);
  expect(summary).toEqual({ routes: 1, routed: new Set(['a', 'b']), cost: 12.5, distanceMeters: 2000 });
});

test('stripping the calculated values keeps the planned order and drops stops, responses and the unrouted list', () => {
  expect(withoutCalculatedValues(whole)).toEqual({
    jobs: whole.jobs,
    routes: [
      { id: 'van', jobs: ['a', 'b'] },
      { id: 'bike', jobs: [] },
    ],
  });
});

describe('the plan of a finished task', () => {
  test("the request's routes take the result's job order and assignment, inline jobs moving with their object", () => {
    const request = {
      jobs: [{ id: 'top', location: '43.73, 7.42' }],
      routes: [
        {
          id: 'a',
          jobs: [
            { id: 'x', location: '43.74, 7.42' },
            { id: 'y', location: '43.735, 7.425' },
          ],
        },
        { id: 'b', jobs: [] },
      ],
    };
    const result = {
      routes: [
        {
          id: 'a',
          stops: [
            { id: 'a-depot', type: 'depot' },
            { id: 'y', type: 'job', job: 'y' },
            { id: 'top', type: 'job', job: 'top' },
          ],
        },
        { id: 'b', stops: [{ id: 'x', type: 'job', job: 'x' }] },
      ],
      unrouted_jobs: [],
    };
    expect(plannedProblem(request, result)).toEqual({
      jobs: [{ id: 'top', location: '43.73, 7.42' }],
      routes: [
        { id: 'a', jobs: [{ id: 'y', location: '43.735, 7.425' }, 'top'] },
        { id: 'b', jobs: [{ id: 'x', location: '43.74, 7.42' }] },
      ],
    });
  });

  test('a return_request result already is the planned problem', () => {
    const result = { jobs: [], routes: [{ id: 'a', jobs: [], stops: [], response: { id: 'a' } }], unrouted_jobs: [] };
    expect(plannedProblem({ routes: [{ id: 'a' }] }, result)).toBe(result);
  });
});
