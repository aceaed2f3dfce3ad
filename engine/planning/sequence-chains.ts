import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { walkChain } from '../evaluate/multiday.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { searchOrder } from './order-search.js';
import type { ProgressReporter } from '../progress.js';
import { RouteObjective } from './route-objective.js';

export interface ChainSequencing {
  startedAt: number;
  deadline: number;
  random: () => number;
  phase: string;
}

/**
 * Reorders the jobs within each route of the given multi-day chains (a single route is a chain of
 * one day) by an iterated local search priced by the evaluator's own schedule; each day is
 * sequenced after the one before it, since it starts where that one slept. The time budget is
 * shared by the routes in proportion to their size.
 */
export function sequenceChains(
  problem: ResolvedProblem,
  travel: TravelTable,
  chains: readonly ResolvedRoute[][],
  options: ChainSequencing,
  report: ProgressReporter,
): Map<ResolvedRoute, ResolvedJob[]> {
  const { startedAt, deadline, random, phase } = options;
  const routes = chains.flat();
  const totalJobs = routes.reduce((sum, r) => sum + routeJobs(r).length, 0) || 1;
  const routesTotal = routes.length;
  let jobsDone = 0;
  let routesDone = 0;
  const elapsed = (): number => (Date.now() - startedAt) / 1000;
  const orders = new Map<ResolvedRoute, ResolvedJob[]>();
  for (const chain of chains) {
    walkChain(problem, chain, chain.map(routeJobs), (route, context) => {
      const jobs = routeJobs(route);
      const objective = new RouteObjective(problem, route, jobs, travel, context);
      const now = Date.now();
      const routeDeadline = now + ((deadline - now) * jobs.length) / Math.max(1, totalJobs - jobsDone);
      report({ phase, elapsed_seconds: elapsed(), routes_done: routesDone, routes_total: routesTotal });
      const order = searchOrder(Int32Array.from(jobs.keys()), objective, {
        deadline: routeDeadline,
        patience: 50,
        random,
        onImprovement: (cost) =>
          report({ phase, best_cost: cost, elapsed_seconds: elapsed(), routes_done: routesDone, routes_total: routesTotal }),
      });
      jobsDone += jobs.length;
      routesDone++;
      const ordered = Array.from(order, (i) => jobs[i]!);
      orders.set(route, ordered);
      return ordered;
    });
  }
  return orders;
}
