import type { ResolvedRoute } from '../../model/resolve.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import type { PlanPricer } from './plan-pricer.js';

interface Move {
  route: ResolvedRoute;
  position: number;
  delta: number;
}

/** The cheapest place for `job` on one of `routes` that adds no hard violation, if any. */
function cheapestPlace(pricer: PlanPricer, plan: RoutePlan, routes: readonly ResolvedRoute[], job: number): Move | undefined {
  let best: Move | undefined;
  for (const route of routes) {
    const objective = pricer.objective(route);
    if (objective.refuses(job)) continue;
    const order = plan.get(route) ?? [];
    const current = pricer.price(route, order);
    for (let position = 0; position <= order.length; position++) {
      const cost = objective.cost([...order.slice(0, position), job, ...order.slice(position)]);
      if (objective.hardViolations > current.hard) continue;
      if (best === undefined || cost - current.cost < best.delta) best = { route, position, delta: cost - current.cost };
    }
  }
  return best;
}

/**
 * `settings.enable_front_loading` (prefer earlier dates): once the search is done,
 * each routed job whose date rules allow an earlier day moves to the earliest day on which some
 * route takes it without a hard violation, at its cheapest place there, even when that costs more.
 * Jobs are taken day by day from the earliest, so each move sees the days before it settled.
 */
export function frontLoad(pricer: PlanPricer, plan: RoutePlan, routes: readonly ResolvedRoute[], deadline: number): void {
  const dated = routes.filter((route) => route.date !== undefined).sort((a, b) => a.date! - b.date!);
  const days = [...new Set(dated.map((route) => route.date!))];
  for (const route of dated) {
    for (const job of [...(plan.get(route) ?? [])]) {
      if (Date.now() >= deadline) return;
      const order = plan.get(route)!;
      const at = order.indexOf(job);
      const without = [...order.slice(0, at), ...order.slice(at + 1)];
      if (pricer.price(route, without).hard > pricer.price(route, order).hard) continue;
      for (const day of days) {
        if (day >= route.date!) break;
        const move = cheapestPlace(
          pricer,
          plan,
          dated.filter((candidate) => candidate.date === day),
          job,
        );
        if (move === undefined) continue;
        plan.set(route, without);
        const target = plan.get(move.route) ?? [];
        target.splice(move.position, 0, job);
        plan.set(move.route, target);
        break;
      }
    }
  }
}
