import type { ResolvedRoute } from '../../model/resolve.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { cheapestInsertion } from './cheapest-insertion.js';
import type { PlanPricer } from './plan-pricer.js';

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
 * Cheapest insertion priced by the evaluator itself: each job in turn goes to the position, over
 * `routes`, that adds the least internal cost (of the probed ones, see cheapestInsertion). It
 * places what the core could not (soft windows served late, jobs the core's safe approximations
 * ruled out). Returns the jobs left out.
 */
export function placeJobs(
  pricer: PlanPricer,
  plan: RoutePlan,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  options: PlacementOptions,
): number[] {
  const left: number[] = [];
  for (const job of jobs) {
    if (!options.force && Date.now() >= options.deadline) {
      left.push(job);
      continue;
    }
    let best: { route: ResolvedRoute; position: number; delta: number } | undefined;
    for (const route of routes) {
      const objective = pricer.objective(route);
      if (!options.force && objective.refuses(job)) continue;
      const order = plan.get(route) ?? [];
      const current = pricer.price(route, order);
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
  }
  return left;
}
