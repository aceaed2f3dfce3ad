import type { ResolvedRoute } from '../../model/resolve.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import type { PlanPricer } from './plan-pricer.js';

/**
 * The evaluator's check of a plan: every route of `routes` that has a hard violation loses, one at
 * a time, the job whose removal lowers its internal cost most, until it has none. The core plans
 * on the safe side, so this rarely removes anything; it catches what the core cannot see (e.g. a
 * flexible break pushed past its latest start, a driving-time limit). Returns the removed jobs.
 */
export function repairPlan(pricer: PlanPricer, plan: RoutePlan, routes: readonly ResolvedRoute[]): number[] {
  const removed: number[] = [];
  for (const route of routes) {
    const order = plan.get(route) ?? [];
    // An empty route breaks nothing, and compiling it for the pricer is the dear part.
    if (order.length === 0) continue;
    let price = pricer.price(route, order);
    while (price.hard > 0 && order.length > 0) {
      let bestIndex = 0;
      let bestPrice = { cost: Infinity, hard: Infinity };
      for (let i = 0; i < order.length; i++) {
        const without = pricer.price(route, [...order.slice(0, i), ...order.slice(i + 1)]);
        if (without.cost < bestPrice.cost) {
          bestIndex = i;
          bestPrice = without;
        }
      }
      removed.push(...order.splice(bestIndex, 1));
      price = bestPrice;
    }
  }
  return removed;
}
