import type { ResolvedRoute } from '../../model/resolve.js';
import { VIOLATION_TYPES, type ViolationType } from '../../model/types/violation.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { cheapestInsertion } from './cheapest-insertion.js';
import type { PlanPricer } from './plan-pricer.js';

function counts(types: readonly ViolationType[]): Map<ViolationType, number> {
  const counted = new Map<ViolationType, number>();
  for (const type of types) counted.set(type, (counted.get(type) ?? 0) + 1);
  return counted;
}

/**
 * Why jobs are on no route: per route, the violations a job has there whatever the order (dates,
 * attributes, drivers, zones, a route that may serve nothing), else the hard violations its
 * cheapest insertion adds to the planned route (windows, capacity, job count, working time, end
 * time…; of the probed positions, see cheapestInsertion). Per job the union over `routes`, in the
 * order of the violation list; empty when some route could take it without a hard violation. After
 * `deadline` (ms since epoch) routes are no longer probed: a job that has no order-independent
 * reason on some route then gets an empty list, as one that could fit but ran out of time.
 */
export function unroutedReasons(
  pricer: PlanPricer,
  plan: RoutePlan,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  deadline = Infinity,
): Map<number, ViolationType[]> {
  if (jobs.length === 0) return new Map();
  const before = new Map(routes.map((route) => [route, counts(pricer.objective(route).hardViolationTypes(plan.get(route) ?? []))]));
  const reasons = new Map<number, ViolationType[]>();
  for (const job of jobs) {
    const found = new Set<ViolationType>();
    let placeable = false;
    for (const route of routes) {
      const objective = pricer.objective(route);
      if (objective.refuses(job)) {
        for (const type of objective.placementViolationTypes(job)) found.add(type);
        continue;
      }
      if (Date.now() >= deadline) {
        placeable = true;
        break;
      }
      const order = plan.get(route) ?? [];
      const { position } = cheapestInsertion(objective, order, job)!;
      const after = counts(objective.hardViolationTypes([...order.slice(0, position), job, ...order.slice(position)]));
      const added = [...after].filter(([type, count]) => count > (before.get(route)!.get(type) ?? 0)).map(([type]) => type);
      if (added.length === 0) {
        placeable = true;
        break;
      }
      for (const type of added) found.add(type);
    }
    reasons.set(job, placeable ? [] : VIOLATION_TYPES.filter((type) => found.has(type)));
  }
  return reasons;
}
