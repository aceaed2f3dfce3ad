import type { SolutionSnapshot } from '../../solve-options.js';
import type { Solution } from '../../structures/solution.js';

/**
 * Loads given routes (e.g. a plan to improve) keeping every route feasible: each route's jobs are
 * appended in the given order, and a job that the vehicle may not serve or that would make the
 * route infeasible stays unassigned for the construction to place elsewhere.
 */
export function loadFeasibleRoutes(solution: Solution, routes: SolutionSnapshot['routes']): void {
  const model = solution.model;
  for (const { slot, jobs } of routes) {
    const route = solution.routes[slot]!;
    for (const job of jobs) {
      if (solution.routeOf[job] !== -1 || !model.canServe(job, slot)) continue;
      solution.insert(job, slot, route.size + 1);
      solution.refreshRoute(slot);
      if (route.cost === Infinity) {
        solution.remove(job);
        solution.refreshRoute(slot);
      }
    }
  }
}
