import { MAX_JOBS_TO_INSERT } from '../../../../model/operations.js';
import type { ProblemResponse } from '../../../../model/types/responses.js';
import { OperationError } from '../../../../engine/operation-error.js';
import { seededRandom } from '../../../support/problems.js';
import { planningProblem } from '../planning-problems.js';
import { evaluateBody, jobOrders, run, violationTypes, withoutJob, type Body } from './dispatch-fixtures.js';

/**
 * A random two-day plan with windows and capacities, its jobs on routes in a poor order, some of
 * them picked to insert (most taken off their routes, a few left on to be moved); every other
 * seed chains the first route of each day into a two-day route of one driver.
 */
function randomInsertCase(seed: number): { body: Body; toInsert: string[] } {
  const random = seededRandom(seed);
  const plan = planningProblem({
    jobs: 24,
    routesPerDay: 3,
    days: 2,
    windows: true,
    capacities: true,
    breaks: seed % 3 === 0,
    placed: true,
    seed,
  });
  const toInsert = plan.jobs.filter(() => random() < 0.3).map((job) => job.id);
  const kept = new Set(toInsert.filter(() => random() < 0.8));
  let routes = plan.routes.map((route) => ({ ...route, jobs: route.jobs.filter((job) => !kept.has(job)) }));
  const body: Body = { jobs: plan.jobs, routes };
  if (seed % 2 === 0) {
    routes = routes.map((route) =>
      route.id === 'route-0-0' || route.id === 'route-1-0'
        ? { ...route, driver: 'chain', ...(route.id === 'route-0-0' ? { has_next_multiday_day: true } : {}) }
        : route,
    );
    Object.assign(body, { routes, drivers: [{ id: 'chain', max_multiday_days: 2 }] });
  }
  return { body, toInsert };
}

const hardCount = (response: ProblemResponse): number => violationTypes(response.routes).length;

describe('insert', () => {
  test('property: never reorders the stops already on a route, adds no hard violation, and accounts for every job', async () => {
    for (let seed = 1; seed <= 16; seed++) {
      const { body, toInsert } = randomInsertCase(seed);
      const inserting = new Set(toInsert);
      const before = await evaluateBody(toInsert.reduce(withoutJob, body));
      const result = await run<ProblemResponse>('insert', { ...body, jobs_to_insert: toInsert });
      const orders = jobOrders(result);
      for (const route of body.routes) {
        const kept = route.jobs.filter((job) => !inserting.has(job));
        expect(orders.get(route.id)!.filter((job) => !inserting.has(job))).toEqual(kept);
      }
      expect(hardCount(result)).toBeLessThanOrEqual(hardCount(before));
      const routed = [...orders.values()].flat();
      const unrouted = result.unrouted_jobs.map((job) => job.id);
      expect([...routed, ...unrouted].sort()).toEqual(body.jobs.map((job) => job.id).sort());
      for (const job of result.unrouted_jobs) {
        expect(inserting.has(job.id)).toBe(true);
        expect(job.reasons!.length).toBeGreaterThan(0);
      }
      // Forcing places every job, still without reordering.
      const forced = await run<ProblemResponse>('insert', { ...body, jobs_to_insert: toInsert, allow_hard_constraint_violations: true });
      expect(forced.unrouted_jobs).toEqual([]);
      for (const route of body.routes) {
        expect(
          jobOrders(forced)
            .get(route.id)!
            .filter((job) => !inserting.has(job)),
        ).toEqual(route.jobs.filter((job) => !inserting.has(job)));
      }
    }
  }, 120000);

  test('puts a job at the cheapest position and agrees with the evaluator', async () => {
    const body: Body = {
      jobs: [
        { id: 'a', location: '47.60, -122.30' },
        { id: 'b', location: '47.60, -122.20' },
        { id: 'mid', location: '47.60, -122.25' },
      ],
      routes: [
        { id: 'east', location: '47.60, -122.35', jobs: ['a', 'b'] },
        { id: 'far', location: '48.50, -121.00', jobs: [] },
      ],
    };
    const result = await run<ProblemResponse>('insert', { ...body, jobs_to_insert: ['mid'] });
    expect(jobOrders(result).get('east')).toEqual(['a', 'mid', 'b']);
    expect(result.routes).toEqual(
      (await evaluateBody({ ...body, routes: [{ ...body.routes[0]!, jobs: ['a', 'mid', 'b'] }, body.routes[1]!] })).routes,
    );
  });

  test('allow_hard_constraint_violations places a job anywhere, except where it adds a critical violation', async () => {
    const body: Body = {
      jobs: [
        { id: 'a', location: '47.60, -122.30' },
        { id: 'lift', location: '47.61, -122.31', required_route_attributes: ['lift'] },
      ],
      routes: [{ id: 'r', location: '47.60, -122.35', jobs: ['a'] }],
    };
    const forced = await run<ProblemResponse>('insert', { ...body, jobs_to_insert: ['lift'], allow_hard_constraint_violations: true });
    expect(forced.unrouted_jobs).toEqual([]);
    expect(violationTypes(forced.routes)).toEqual(['missing_route_attributes']);
    const critical = await run<ProblemResponse>('insert', {
      ...body,
      jobs_to_insert: ['lift'],
      allow_hard_constraint_violations: true,
      settings: { critical_violations: ['missing_route_attributes'] },
    });
    expect(critical.unrouted_jobs).toEqual([{ id: 'lift', reasons: ['missing_route_attributes'] }]);
  });

  test('a schedule without a base date gets one, reported in schedules, and its jobs land on their targets', async () => {
    const depot = '47.6062, -122.3321';
    const body: Body = {
      jobs: [
        { id: 'x', location: '47.61, -122.33' },
        { id: 'weekly-0', location: '47.62, -122.31' },
        { id: 'weekly-1', location: '47.62, -122.31' },
      ],
      schedules: [{ id: 'weekly', name: 'Weekly visit', type: 'weekly', earliest_date: '2024-03-04', jobs: ['weekly-0', 'weekly-1'] }],
      routes: [
        { id: 'mon', date: '2024-03-04', location: depot, jobs: ['x'] },
        { id: 'wed', date: '2024-03-06', location: depot, jobs: [] },
        { id: 'next-mon', date: '2024-03-11', location: depot, jobs: [] },
      ],
    };
    const result = await run<ProblemResponse>('insert', { ...body, jobs_to_insert: ['weekly-0', 'weekly-1'] });
    expect(result.unrouted_jobs).toEqual([]);
    expect(result.schedules).toEqual([{ id: 'weekly', name: 'Weekly visit', base_date: '2024-03-04' }]);
    const orders = jobOrders(result);
    expect(orders.get('mon')!.filter((job) => job !== 'x')).toEqual(['weekly-0']);
    expect(orders.get('next-mon')).toEqual(['weekly-1']);
    expect(violationTypes(result.routes)).toEqual([]);
  });

  test(`more than ${MAX_JOBS_TO_INSERT} jobs answer too_many_jobs_to_insert_error`, async () => {
    const jobs = Array.from({ length: MAX_JOBS_TO_INSERT + 1 }, (_, i) => ({ id: `j${i}`, location: '47.6, -122.3' }));
    const failure = run('insert', { jobs, routes: [{ id: 'r', location: '47.6, -122.3' }], jobs_to_insert: jobs.map((job) => job.id) });
    await expect(failure).rejects.toBeInstanceOf(OperationError);
    await expect(failure).rejects.toMatchObject({ statusCode: 400, errorCode: 'too_many_jobs_to_insert_error' });
  });
});
