import { resolveProblem } from '../../../model/resolve.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { countingStraightLine } from '../../support/counting-travel.js';
import { ON_DEMAND_POINTS } from '../../../engine/evaluate/travel-table.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { planRoutes } from '../../../engine/planning/plan-routes.js';
import { PlanPricer } from '../../../engine/planning/plan-pricer.js';
import type { RoutePlan } from '../../../engine/compile/solution-mapping.js';
import { PROBED_ROUTES, unroutedReasons, type ReasonsTally } from '../../../engine/planning/unrouted-reasons.js';
import { planningProblem } from '../operations/planning-problems.js';

/**
 * 1,500 windowed jobs (with loads, or without) over 3 dated days on 10 routes a day, planned with a
 * short search: the routes can take about half of them, so each route is one of several a job's
 * dates allow.
 */
interface OverfullPlan {
  problem: ReturnType<typeof resolveProblem>;
  planned: Awaited<ReturnType<typeof planRoutes>>;
  unrouted: number[];
}

async function planOverfull(capacities: boolean): Promise<OverfullPlan> {
  const body = planningProblem({ jobs: 1500, routesPerDay: 10, days: 3, windows: true, capacities, seed: 4 });
  const problem = resolveProblem(body, 'build');
  const travel = await problemTravelTable(problem, straightLineProvider);
  const jobs = problem.jobs.map((_, index) => index);
  const planned = await planRoutes(
    problem,
    travel,
    {
      routes: problem.routes,
      jobs,
      initial: new Map(),
      keepRouted: false,
      startedAt: Date.now(),
      // Far out of reach: the run ends on its iteration budget.
      deadline: Date.now() + 3_600_000,
      maxIterations: 50,
      threads: 1,
      seed: 1,
      phase: 'build',
    },
    () => undefined,
  );
  const routed = new Set([...planned.plan.values()].flat());
  return { problem, planned, unrouted: jobs.filter((job) => !routed.has(job)) };
}

/**
 * Each plan is made once and shared by the tests (seconds of CPU each): it is the same on a fixed
 * seed and iteration budget, and each test reads reasons from a copy of it.
 */
const overfullPlans = new Map<boolean, Promise<OverfullPlan>>();
/** A copy of the plan to read reasons from: a job that fits is put on it. */
const copied = (plan: RoutePlan): RoutePlan => new Map([...plan].map(([route, order]) => [route, [...order]]));
function overfullPlan(capacities: boolean): Promise<OverfullPlan> {
  if (!overfullPlans.has(capacities)) overfullPlans.set(capacities, planOverfull(capacities));
  return overfullPlans.get(capacities)!;
}

/**
 * Two routes, one near the jobs with a job on it and one far: a job that fits but was left out
 * (as a placement that ran out of time leaves it), one whose window opens after both routes end,
 * one too heavy for either and one that needs an attribute neither has.
 */
async function smallPlan(): Promise<{
  problem: ReturnType<typeof resolveProblem>;
  pricer: PlanPricer;
  plan: RoutePlan;
  unrouted: number[];
}> {
  const here = '47.61, -122.33';
  const body = {
    jobs: [
      { id: 'routed', location: here, load: 1 },
      { id: 'fits', location: here, load: 1 },
      { id: 'too-late', location: here, time_window: { start: '19:00', end: '20:00' } },
      { id: 'too-heavy', location: here, load: 50 },
      { id: 'needs-lift', location: here, required_route_attributes: ['lift'] },
    ],
    routes: [
      { id: 'near', location: '47.6, -122.3', start_time: '08:00', end_time: '17:00', load_capacity: 10 },
      { id: 'far', location: '47.9, -122.9', start_time: '08:00', end_time: '17:00', load_capacity: 10 },
    ],
  };
  const problem = resolveProblem(body, 'build');
  const pricer = new PlanPricer(problem, await problemTravelTable(problem, straightLineProvider));
  const plan: RoutePlan = new Map([
    [problem.routes[0]!, [0]],
    [problem.routes[1]!, []],
  ]);
  return { problem, pricer, plan, unrouted: [1, 2, 3, 4] };
}

describe('unrouted reasons', () => {
  const ids = (problem: ReturnType<typeof resolveProblem>, plan: RoutePlan): Record<string, string[]> =>
    Object.fromEntries(
      problem.routes.map((route) => [
        route.id,
        plan
          .get(route)!
          .map((job) => problem.jobs[job]!.id)
          .sort(),
      ]),
    );
  const byId = (problem: ReturnType<typeof resolveProblem>, reasons: Map<number, string[]>): Record<string, string[]> =>
    Object.fromEntries([...reasons].map(([job, types]) => [problem.jobs[job]!.id, types]));
  const explained = {
    'too-late': ['route_end_time_missed'],
    'too-heavy': ['route_over_capacity'],
    'needs-lift': ['missing_route_attributes'],
  };
  // Past the deadline each job the rules leave a route open to still gets its probe on the nearest
  // (here 'fits' and 'too-late'), and no other; before it 'too-late' is probed on both routes.
  test.each([
    { when: 'with the deadline already past', deadline: 0, mayPlace: true, probes: 2 },
    { when: 'without a deadline', deadline: Infinity, mayPlace: true, probes: 3 },
    { when: 'with the deadline already past, where it may not be placed', deadline: 0, mayPlace: false, probes: 2 },
  ])('$when: a job that fits is routed (or has an empty list), the others have their reasons', async ({ deadline, mayPlace, probes }) => {
    const { problem, pricer, plan, unrouted } = await smallPlan();
    const tally: ReasonsTally = { probes: 0, placed: 0 };
    const reasons = unroutedReasons(problem, pricer, plan, problem.routes, unrouted, deadline, tally, () => mayPlace);
    expect(byId(problem, reasons)).toEqual(mayPlace ? explained : { fits: [], ...explained });
    expect(ids(problem, plan)).toEqual({ near: mayPlace ? ['fits', 'routed'] : ['routed'], far: [] });
    expect(tally).toEqual({ probes, placed: mayPlace ? 1 : 0 });
  });
});

describe('unrouted reasons at scale', () => {
  test('every unrouted job of an overfull plan gets a reason, from at most PROBED_ROUTES probes each', async () => {
    // Without loads no route is closed to a job before a probe.
    const { problem, planned, unrouted } = await overfullPlan(false);
    expect(unrouted.length).toBeGreaterThan(150);
    const allowedRoutes = unrouted.reduce(
      (sum, job) => sum + problem.routes.filter((route) => !planned.pricer.objective(route).refuses(job)).length,
      0,
    );
    // Most jobs' dates allow more routes than are probed, so the bound below is not the old full walk.
    expect(allowedRoutes).toBeGreaterThan(1.5 * PROBED_ROUTES * unrouted.length);
    const tally: ReasonsTally = { probes: 0, placed: 0 };
    const reasons = unroutedReasons(problem, planned.pricer, copied(planned.plan), problem.routes, unrouted, Infinity, tally);
    // A job is either put where a probe found room (none is left to the clock here) or has reasons.
    expect(reasons.size + tally.placed).toBe(unrouted.length);
    const empty = [...reasons].filter(([, types]) => types.length === 0).map(([job]) => problem.jobs[job]!.id);
    expect(empty).toEqual([]);
    expect(tally.probes).toBeGreaterThan(0);
    expect(tally.probes).toBeLessThanOrEqual(PROBED_ROUTES * unrouted.length);
  }, 300_000);

  test('after the deadline each job is probed on its nearest open route only: jobs that loads close every route keep their reasons unprobed', async () => {
    for (const capacities of [true, false]) {
      const { problem, planned, unrouted } = await overfullPlan(capacities);
      const open = (job: number): boolean =>
        problem.routes.some((route) => {
          const objective = planned.pricer.objective(route);
          return !objective.refuses(job) && objective.positionFreeAdditions(planned.plan.get(route) ?? [], job).length === 0;
        });
      const closed = unrouted.filter((job) => !open(job));
      // With loads the routes are full enough to close to every unrouted job; without, to none.
      expect({ capacities, closed: closed.length }).toEqual({ capacities, closed: capacities ? unrouted.length : 0 });
      const tally: ReasonsTally = { probes: 0, placed: 0 };
      const reasons = unroutedReasons(problem, planned.pricer, copied(planned.plan), problem.routes, unrouted, 0, tally);
      expect({ capacities, probes: tally.probes }).toEqual({ capacities, probes: unrouted.length - closed.length });
      for (const job of closed) expect(reasons.get(job)).toContain('route_over_capacity');
      expect(reasons.size + tally.placed).toBe(unrouted.length);
      const empty = [...reasons].filter(([, types]) => types.length === 0).map(([job]) => problem.jobs[job]!.id);
      expect({ capacities, empty }).toEqual({ capacities, empty: [] });
    }
  }, 300_000);
});

describe('unrouted reasons over straight-line legs on demand', () => {
  test('a probe computes only the legs to and from the job: the legs of the planned routes are computed once', async () => {
    const { provider, asked } = countingStraightLine();
    // A grid of ON_DEMAND_POINTS jobs about 400 m apart, two routes of 40 planned jobs each, 60 jobs to probe.
    const jobs = Array.from({ length: ON_DEMAND_POINTS }, (_, i) => ({
      id: `j${i}`,
      location: `${47.5 + (i % 60) * 0.004}, ${-122.5 + Math.floor(i / 60) * 0.005}`,
      time_on_site: '00:05',
    }));
    const routes = ['a', 'b'].map((id) => ({ id, location: '47.6, -122.4', start_time: '08:00', end_time: '18:00' }));
    const problem = resolveProblem({ jobs, routes }, 'build');
    const travel = await problemTravelTable(problem, provider);
    expect(travel.onDemand).toBe(true);
    const pricer = new PlanPricer(problem, travel);
    const length = 40;
    const plan: RoutePlan = new Map(problem.routes.map((route, r) => [route, Array.from({ length }, (_, k) => 37 * (r * length + k))]));
    const unrouted = Array.from({ length: 60 }, (_, k) => 37 * k + 18);
    asked.singleLegs = 0;
    const tally: ReasonsTally = { probes: 0, placed: 0 };
    unroutedReasons(problem, pricer, plan, problem.routes, unrouted, 0, tally, () => false);
    expect(tally.probes).toBe(unrouted.length);
    // Each route's legs, depot to depot, once; per probe the legs between the job and each stop, both ways.
    expect(asked.singleLegs).toBeLessThanOrEqual(problem.routes.length * (length + 1) + tally.probes * 2 * (length + 1));
  }, 60_000);
});
