import type { ProblemResponse } from '../../../../model/types/responses.js';
import { addedTypes, evaluateBody, jobOrders, run, violationTypes, withInserted, type Body } from './dispatch-fixtures.js';

const depot = '47.6062, -122.3321';

/** Two dated routes with small capacities and an 18:00 end, and jobs that fit nowhere, each for its own reason. */
function troubledProblem(): Body {
  const fits = Array.from({ length: 6 }, (_, i) => ({ id: `fits-${i}`, location: `47.6${i}, -122.3${i}`, load: 2, time_on_site: '00:20' }));
  return {
    jobs: [
      ...fits,
      { id: 'needs-lift', location: '47.61, -122.33', required_route_attributes: ['lift'] },
      { id: 'too-heavy', location: '47.62, -122.34', load: 50 },
      { id: 'too-late', location: '47.63, -122.30', time_window: { start: '22:00', end: '23:00' } },
      { id: 'wrong-day', location: '47.64, -122.31', date: '2024-03-09' },
      { id: 'too-long', location: '47.65, -122.32', time_on_site: '12:00' },
    ],
    routes: [
      { id: 'r1', date: '2024-03-04', location: depot, start_time: '08:00', end_time: '18:00', load_capacity: 10, jobs: [] },
      {
        id: 'r2',
        date: '2024-03-04',
        location: depot,
        start_time: '08:00',
        end_time: '18:00',
        load_capacity: 10,
        route_attributes: ['ramp'],
        jobs: [],
      },
    ],
  };
}

/**
 * Each unrouted job, inserted at every position of every route of the answered plan and evaluated
 * by the evaluator: every insertion adds a hard violation, and every reported reason is added by
 * some insertion.
 */
async function confirmReasons(body: Body, result: ProblemResponse): Promise<void> {
  const orders = jobOrders(result);
  const plan: Body = { ...body, routes: body.routes.map((route) => ({ ...route, jobs: orders.get(route.id)! })) };
  const before = violationTypes((await evaluateBody(plan)).routes);
  expect(result.unrouted_jobs.length).toBeGreaterThan(0);
  for (const { id, reasons } of result.unrouted_jobs) {
    expect(reasons!.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const route of plan.routes) {
      for (let position = 0; position <= route.jobs.length; position++) {
        const after = violationTypes((await evaluateBody(withInserted(plan, route.id, position, id))).routes);
        const added = addedTypes(before, after);
        expect({ job: id, route: route.id, position, added: added.length > 0 }).toEqual({
          job: id,
          route: route.id,
          position,
          added: true,
        });
        for (const type of added) seen.add(type);
      }
    }
    for (const reason of reasons!) expect({ job: id, reason, confirmed: seen.has(reason) }).toEqual({ job: id, reason, confirmed: true });
  }
}

const expectedReasons = {
  'needs-lift': ['missing_route_attributes'],
  'too-heavy': ['route_over_capacity'],
  'wrong-day': ['job_missed_date_window'],
};

// A minute is only a safety net: these small plans end on their iteration budget, so the result is
// the same on a loaded machine.
describe('unrouted reasons, confirmed by the evaluator', () => {
  test('build', async () => {
    const body = troubledProblem();
    const result = await run<ProblemResponse>('build', { ...body, settings: { time_limit: '00:01:00' } });
    await confirmReasons(body, result);
    const reasons = Object.fromEntries(result.unrouted_jobs.map((job) => [job.id, job.reasons]));
    expect(reasons).toMatchObject(expectedReasons);
    expect(Object.keys(reasons).sort()).toEqual(['needs-lift', 'too-heavy', 'too-late', 'too-long', 'wrong-day']);
  }, 60000);

  test('optimize', async () => {
    const body = troubledProblem();
    const placed: Body = {
      ...body,
      routes: [
        { ...body.routes[0]!, jobs: ['fits-0', 'fits-1', 'fits-2', 'needs-lift', 'too-heavy', 'too-late'] },
        { ...body.routes[1]!, jobs: ['fits-3', 'fits-4', 'fits-5', 'wrong-day', 'too-long'] },
      ],
    };
    const result = await run<ProblemResponse>('optimize', { ...placed, settings: { time_limit: '00:01:00' } });
    await confirmReasons(placed, result);
    expect(Object.fromEntries(result.unrouted_jobs.map((job) => [job.id, job.reasons]))).toMatchObject(expectedReasons);
  }, 60000);

  test('insert, with the capacity of the routes used up by the plan', async () => {
    const body = troubledProblem();
    const placed: Body = {
      ...body,
      jobs: [...body.jobs, { id: 'one-more', location: '47.60, -122.35', load: 2 }],
      routes: [
        { ...body.routes[0]!, jobs: ['fits-0', 'fits-1', 'fits-2', 'fits-3', 'fits-4'] },
        { ...body.routes[1]!, jobs: ['fits-5'], load_capacity: 2 },
      ],
    };
    const result = await run<ProblemResponse>('insert', {
      ...placed,
      jobs_to_insert: ['needs-lift', 'too-heavy', 'too-late', 'wrong-day', 'too-long', 'one-more'],
    });
    await confirmReasons(placed, result);
    expect(Object.fromEntries(result.unrouted_jobs.map((job) => [job.id, job.reasons]))).toMatchObject({
      ...expectedReasons,
      'one-more': ['route_over_capacity'],
    });
  });
});
