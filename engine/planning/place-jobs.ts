import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { cheapestInsertion } from './cheapest-insertion.js';
import type { PlanPricer, RoutePrice } from './plan-pricer.js';
import { RouteProximity } from './route-proximity.js';

export interface PlacementOptions {
  /**
   * Place every job even where it breaks hard constraints (jobs that must stay routed); otherwise a
   * job only goes where it adds no hard violation, or stays out.
   */
  force: boolean;
  /** Wall-clock deadline (ms since epoch); jobs not tried by then stay out (unless forced). */
  deadline: number;
}

/**
 * From this many jobs in the problem, a job is only tried on the NEAREST_ROUTES routes its rules
 * allow that pass nearest it (unless forced): trying ~10,000 leftovers of a 20,000-job week on
 * every route of their dates used up the time kept for it after a few hundred jobs.
 */
export const NEAREST_ROUTES_FROM_JOBS = 3000;
export const NEAREST_ROUTES = 12;

/**
 * Cheapest insertion priced by the evaluator itself: each job in turn goes to the position, over
 * `routes`, that adds the least internal cost (of the probed ones, see cheapestInsertion). It
 * places what the core could not (soft windows served late, jobs the core's safe approximations
 * ruled out). Returns the jobs left out.
 */
export function placeJobs(
  problem: ResolvedProblem,
  pricer: PlanPricer,
  plan: RoutePlan,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  options: PlacementOptions,
): number[] {
  const proximity =
    !options.force && problem.jobs.length >= NEAREST_ROUTES_FROM_JOBS ? new RouteProximity(problem, plan, routes) : undefined;
  const prices = new Map<ResolvedRoute, RoutePrice>();
  const left: number[] = [];
  for (const job of jobs) {
    if (!options.force && Date.now() >= options.deadline) {
      left.push(job);
      continue;
    }
    const allowed = options.force ? routes : routes.filter((route) => !pricer.objective(route).refuses(job));
    let best: { route: ResolvedRoute; position: number; delta: number } | undefined;
    for (const route of proximity?.nearest(job, allowed, NEAREST_ROUTES) ?? allowed) {
      const objective = pricer.objective(route);
      const order = plan.get(route) ?? [];
      let current = prices.get(route);
      if (current === undefined) prices.set(route, (current = pricer.price(route, order)));
      const found = cheapestInsertion(objective, order, job, options.force ? Infinity : current.hard);
      if (found === undefined) continue;
      const delta = found.cost - current.cost;
      if (best === undefined || delta < best.delta) best = { route, position: found.position, delta };
    }
    if (best === undefined) {
      left.push(job);
      continue;
    }
    const order = plan.get(best.route) ?? [];
    order.splice(best.position, 0, job);
    plan.set(best.route, order);
    prices.delete(best.route);
  }
  return left;
}
