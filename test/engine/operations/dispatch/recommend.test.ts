import type { RecommendOption } from '../../../../model/types/responses.js';
import { evaluateBody, run, seconds, sum, violationTypes, withInserted, withoutJob, type Body } from './dispatch-fixtures.js';

interface Recommendation {
  recommend_options: RecommendOption[];
}

const depot = '47.6062, -122.3321';

/**
 * Three routes over two days: driver d1 drives a two-day chain (Monday overnight into Tuesday),
 * driver d2 a Tuesday route. `new` may be served either day; serving it before `t2` on d2's route
 * makes t2 miss its tight window.
 */
function threeRoutesTwoDays(): Body {
  return {
    drivers: [{ id: 'd1', max_multiday_days: 2 }, { id: 'd2' }],
    jobs: [
      { id: 'm1', location: '47.65, -122.35', date: '2024-03-04', time_on_site: '00:10', load: 3 },
      { id: 'm2', location: '47.70, -122.30', date: '2024-03-04', time_on_site: '00:15', load: 2 },
      { id: 't1', location: '47.55, -122.25', date: '2024-03-05', time_on_site: '00:10', load: 4 },
      {
        id: 't2',
        location: '47.58, -122.40',
        date: '2024-03-05',
        time_on_site: '00:05',
        time_window: { start: '08:00', end: '08:15' },
        load: 1,
      },
      { id: 't3', location: '47.62, -122.28', date: '2024-03-05', time_on_site: '00:20', load: 2 },
      { id: 'new', location: '47.60, -122.37', date: '2024-03-04', allowed_variance_after: 1, time_on_site: '00:12', load: 2 },
    ],
    routes: [
      {
        id: 'd1-mon',
        driver: 'd1',
        date: '2024-03-04',
        location: depot,
        start_time: '08:00',
        has_next_multiday_day: true,
        load_capacity: 12,
        jobs: ['m1', 'm2'],
      },
      { id: 'd1-tue', driver: 'd1', date: '2024-03-05', location: depot, start_time: '08:00', load_capacity: 12, jobs: ['t1'] },
      { id: 'd2-tue', driver: 'd2', date: '2024-03-05', location: depot, start_time: '08:00', load_capacity: 12, jobs: ['t2', 't3'] },
    ],
  };
}

interface Enumerated {
  route: string;
  position: number;
  addedViolations: number;
  addedHard: number;
  deltaCost: number;
  deltaInternalCost: number;
  deltaDistance: number;
  deltaWorking: number;
}

/** Every position of `job` on every route, each applied to the request and evaluated by the evaluator, in route and position order. */
async function bruteForce(body: Body, job: string): Promise<Enumerated[]> {
  const base = withoutJob(body, job);
  const before = await evaluateBody(base);
  const working = (routes: typeof before.routes): number => routes.reduce((total, route) => total + seconds(route.working_time), 0);
  const found: Enumerated[] = [];
  for (const route of base.routes) {
    for (let position = 0; position <= route.jobs.length; position++) {
      const after = await evaluateBody(withInserted(base, route.id, position, job));
      found.push({
        route: route.id,
        position,
        addedViolations: violationTypes(after.routes).length - violationTypes(before.routes).length,
        addedHard: violationTypes(after.routes).length - violationTypes(before.routes).length,
        deltaCost: sum(after.routes, 'cost') - sum(before.routes, 'cost'),
        deltaInternalCost: sum(after.routes, 'internal_cost') - sum(before.routes, 'internal_cost'),
        deltaDistance: sum(after.routes, 'distance_meters') - sum(before.routes, 'distance_meters'),
        deltaWorking: working(after.routes) - working(before.routes),
      });
    }
  }
  return found;
}

const ranked = (options: Enumerated[]): Enumerated[] =>
  [...options].sort((a, b) => a.addedViolations - b.addedViolations || a.deltaInternalCost - b.deltaInternalCost);

const placement = (option: RecommendOption): string => `${option.routes[option.route_index]!.id}@${option.job_index}`;

describe('recommend', () => {
  test('ranks every position of every route and day exactly as a brute-force enumeration with the evaluator', async () => {
    const body = threeRoutesTwoDays();
    const enumerated = await bruteForce(body, 'new');
    // 3 + 2 + 3 positions; the two before t2 break its window.
    expect(enumerated).toHaveLength(8);
    expect(enumerated.filter((option) => option.addedHard > 0).map((option) => `${option.route}@${option.position}`)).toEqual(['d2-tue@0']);

    const all = await run<Recommendation>('recommend', { ...body, job: 'new', max_results: -1, allow_hard_constraint_violations: true });
    const expected = ranked(enumerated);
    expect(all.recommend_options.map(placement)).toEqual(expected.map((option) => `${option.route}@${option.position}`));
    all.recommend_options.forEach((option, i) => {
      const truth = expected[i]!;
      expect(option.delta_cost).toBeCloseTo(truth.deltaCost, 6);
      expect(option.delta_internal_cost).toBeCloseTo(truth.deltaInternalCost, 6);
      expect(option.delta_distance_meters).toBeCloseTo(truth.deltaDistance, 6);
      // Timespans are printed in whole seconds: the delta and the two working times it is checked
      // against are each rounded once, so they may differ by one second.
      expect(Math.abs(seconds(option.delta_working_time) - truth.deltaWorking)).toBeLessThanOrEqual(1);
    });
    expect(all.recommend_options.at(-1)!.delta_internal_cost).toBeGreaterThan(100000);

    const feasible = await run<Recommendation>('recommend', { ...body, job: 'new', max_results: -1 });
    expect(feasible.recommend_options.map(placement)).toEqual(
      expected.filter((option) => option.addedHard === 0).map((option) => `${option.route}@${option.position}`),
    );

    const critical = await run<Recommendation>('recommend', {
      ...body,
      job: 'new',
      max_results: -1,
      allow_hard_constraint_violations: true,
      settings: { critical_violations: ['job_missed_time_window'] },
    });
    expect(critical.recommend_options.map(placement)).toEqual(feasible.recommend_options.map(placement));

    const top = await run<Recommendation>('recommend', { ...body, job: 'new', max_results: 2 });
    expect(top.recommend_options.map(placement)).toEqual(feasible.recommend_options.slice(0, 2).map(placement));
    const byDefault = await run<Recommendation>('recommend', { ...body, job: 'new' });
    expect(byDefault.recommend_options).toHaveLength(7);
  });

  test('an option on a multi-day chain holds every day of it; route_index points at the day that gets the job', async () => {
    const body = threeRoutesTwoDays();
    const { recommend_options: options } = await run<Recommendation>('recommend', { ...body, job: 'new', max_results: -1 });
    for (const option of options) {
      const day = option.routes[option.route_index]!;
      const chained = day.id.startsWith('d1');
      expect(option.routes.map((route) => route.id)).toEqual(chained ? ['d1-mon', 'd1-tue'] : ['d2-tue']);
      if (chained) expect(option.routes[0]!.next_multiday_day).toBe('d1-tue');
      const jobs = (day.stops ?? []).filter((stop) => stop.type === 'job').map((stop) => stop.id);
      expect(jobs[option.job_index]).toBe('new');
      // The other jobs keep their order.
      expect(jobs.filter((id) => id !== 'new')).toEqual(body.routes.find((route) => route.id === day.id)!.jobs);
    }
  });

  test('a job already on a route is taken off it first; deltas are against the plan without it', async () => {
    const body = threeRoutesTwoDays();
    const placed = withInserted(body, 'd2-tue', 2, 'new');
    const fresh = await run<Recommendation>('recommend', { ...body, job: 'new', max_results: -1 });
    const moved = await run<Recommendation>('recommend', { ...placed, job: 'new', max_results: -1 });
    expect(moved).toEqual(fresh);
  });

  test('leaves out routes whose rules bar the job, and days where its schedule may not land; names the base date it fixes', async () => {
    const body: Body = {
      jobs: [
        { id: 'x', location: '47.61, -122.33' },
        { id: 'weekly-0', location: '47.62, -122.31' },
      ],
      schedules: [{ id: 'weekly', name: 'Weekly visit', type: 'weekly', earliest_date: '2024-03-04', jobs: ['weekly-0'] }],
      routes: [
        { id: 'mon', date: '2024-03-04', location: depot, jobs: ['x'] },
        { id: 'wed', date: '2024-03-06', location: depot, route_attributes: ['lift'], jobs: [] },
        { id: 'next-mon', date: '2024-03-11', location: depot, jobs: [] },
      ],
    };
    const { recommend_options: options } = await run<Recommendation>('recommend', { ...body, job: 'weekly-0', max_results: -1 });
    // Ordinal 0 of a weekly schedule from Monday 4 March lands in the week of 3–9 March.
    expect(new Set(options.map((option) => option.routes[0]!.id))).toEqual(new Set(['mon', 'wed']));
    for (const option of options) {
      expect(option.schedules).toEqual([
        { id: 'weekly', name: 'Weekly visit', base_date: option.routes[0]!.id === 'mon' ? '2024-03-04' : '2024-03-06' },
      ]);
    }
    // With ordinal 1 already served on Monday 11 March, only a Monday base date keeps it on its target.
    const anchored: Body = {
      ...body,
      jobs: [...body.jobs, { id: 'weekly-1', location: '47.62, -122.31' }],
      schedules: [{ id: 'weekly', name: 'Weekly visit', type: 'weekly', earliest_date: '2024-03-04', jobs: ['weekly-0', 'weekly-1'] }],
      routes: body.routes.map((route) => (route.id === 'next-mon' ? { ...route, jobs: ['weekly-1'] } : route)),
    };
    const mondays = await run<Recommendation>('recommend', { ...anchored, job: 'weekly-0', max_results: -1 });
    expect(mondays.recommend_options.map((option) => option.routes[0]!.id)).toEqual(['mon', 'mon']);
    expect(mondays.recommend_options[0]!.schedules).toEqual([{ id: 'weekly', name: 'Weekly visit', base_date: '2024-03-04' }]);
    const lifted = { ...body, jobs: [body.jobs[0]!, { ...body.jobs[1]!, required_route_attributes: ['lift'] }] };
    const onlyWednesday = await run<Recommendation>('recommend', { ...lifted, job: 'weekly-0', max_results: -1 });
    expect(onlyWednesday.recommend_options.map((option) => option.routes[0]!.id)).toEqual(['wed']);
  });
});
