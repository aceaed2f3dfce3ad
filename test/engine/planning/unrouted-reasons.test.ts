import { resolveProblem } from '../../../model/resolve.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { planRoutes } from '../../../engine/planning/plan-routes.js';
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
 * seed and iteration budget, and reading reasons from it changes nothing of it.
 */
const overfullPlans = new Map<boolean, Promise<OverfullPlan>>();
function overfullPlan(capacities: boolean): Promise<OverfullPlan> {
  if (!overfullPlans.has(capacities)) overfullPlans.set(capacities, planOverfull(capacities));
  return overfullPlans.get(capacities)!;
}

describe('unrouted reasons at scale', () => {
  test('every unrouted job of an overfull plan gets a reason, from at most PROBED_ROUTES probes each', async () => {
    // Without loads no route is closed to a job before a probe.
    const { problem, planned, unrouted } = await overfullPlan(false);
    expect(unrouted.length).toBeGreaterThan(200);
    const allowedRoutes = unrouted.reduce(
      (sum, job) => sum + problem.routes.filter((route) => !planned.pricer.objective(route).refuses(job)).length,
      0,
    );
    // Most jobs' dates allow more routes than are probed, so the bound below is not the old full walk.
    expect(allowedRoutes).toBeGreaterThan(1.5 * PROBED_ROUTES * unrouted.length);
    const tally: ReasonsTally = { probes: 0 };
    const reasons = unroutedReasons(problem, planned.pricer, planned.plan, problem.routes, unrouted, Infinity, tally);
    const empty = unrouted.filter((job) => reasons.get(job)!.length === 0).map((job) => problem.jobs[job]!.id);
    expect(empty).toEqual([]);
    expect(tally.probes).toBeGreaterThan(0);
    expect(tally.probes).toBeLessThanOrEqual(PROBED_ROUTES * unrouted.length);
  }, 300_000);

  test('after the deadline no route is probed: jobs that loads close every route to keep reasons, the others none', async () => {
    for (const capacities of [true, false]) {
      const { problem, planned, unrouted } = await overfullPlan(capacities);
      const tally: ReasonsTally = { probes: 0 };
      const reasons = unroutedReasons(problem, planned.pricer, planned.plan, problem.routes, unrouted, 0, tally);
      expect(tally.probes).toBe(0);
      const open = (job: number): boolean =>
        problem.routes.some((route) => {
          const objective = planned.pricer.objective(route);
          return !objective.refuses(job) && objective.positionFreeAdditions(planned.plan.get(route) ?? [], job).length === 0;
        });
      const closed = unrouted.filter((job) => !open(job));
      // With loads the routes are full enough to close to every unrouted job; without, to none.
      expect({ capacities, closed: closed.length }).toEqual({ capacities, closed: capacities ? unrouted.length : 0 });
      for (const job of closed) expect(reasons.get(job)).toContain('route_over_capacity');
      for (const job of unrouted) expect({ job, reasons: reasons.get(job)!.length > 0 }).toEqual({ job, reasons: !open(job) });
    }
  }, 300_000);
});
