import { VIOLATION_TYPES, type ViolationType } from '../../model/types/violation.js';
import type { DispatchPlan, Insertion } from './dispatch-plan.js';

function counts(types: readonly ViolationType[]): Map<ViolationType, number> {
  const counted = new Map<ViolationType, number>();
  for (const type of types) counted.set(type, (counted.get(type) ?? 0) + 1);
  return counted;
}

/**
 * Why a job is on no route of a dispatch plan, by probing it against every chain as
 * `unroutedReasons` does for single routes: where a route's own rules bar the job (dates,
 * attributes, drivers, zones, no vehicle) those violations, else the hard violations its cheapest
 * insertion adds to the chain (windows, capacity, job count, working or end time…). The union over
 * the chains, in the order of the violation list; empty when some chain could take the job
 * without a new hard violation.
 */
export function chainReasons(plan: DispatchPlan, job: number): ViolationType[] {
  const found = new Set<ViolationType>();
  for (let c = 0; c < plan.chains.length; c++) {
    const routes = plan.chains[c]!;
    if (plan.staticallyBarred(c, job)) {
      for (const violation of [...plan.pricer.staticViolations(routes[0]!, job), ...plan.pricer.routeViolations(routes[0]!)])
        found.add(violation.type);
      continue;
    }
    // Assigned in the callback, which control-flow narrowing cannot see.
    let best = undefined as Insertion | undefined;
    plan.forEachInsertion(c, job, (insertion) => {
      if (best === undefined || insertion.price.internalCost < best.price.internalCost) best = insertion;
    });
    if (best === undefined) continue;
    const before = counts(plan.pricer.hardViolationTypes(routes, plan.orders[c]!));
    const after = counts(plan.pricer.hardViolationTypes(routes, plan.withInsertion(best, job)));
    const added = [...after].filter(([type, count]) => count > (before.get(type) ?? 0)).map(([type]) => type);
    if (added.length === 0) return [];
    for (const type of added) found.add(type);
  }
  return VIOLATION_TYPES.filter((type) => found.has(type));
}
