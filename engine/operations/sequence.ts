import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { TravelProvider } from '../../geo/travel.js';
import { evaluateRoute } from '../evaluate/evaluate-route.js';
import { problemTravelTable } from '../evaluate/problem-travel.js';
import { searchOrder } from './order-search.js';
import type { ProgressReporter } from './progress.js';
import { RouteObjective } from './route-objective.js';
import { searchDeadline, seededRandom } from './search-budget.js';

/**
 * `sequence`: reorders the jobs within each route to lower its internal cost. Jobs never move
 * between routes and are never unrouted. The time budget is shared by the routes in proportion to
 * their size.
 */
export async function sequence(problem: ResolvedProblem, provider: TravelProvider, report: ProgressReporter): Promise<ProblemResponse> {
  const started = Date.now();
  const deadline = searchDeadline(problem, started);
  const travel = await problemTravelTable(problem, provider);
  const random = seededRandom(1);
  const totalJobs = problem.routes.reduce((sum, r) => sum + r.jobs.length, 0) || 1;
  let jobsDone = 0;
  const routes = problem.routes.map((route, index) => {
    const objective = new RouteObjective(problem, route, route.jobs, travel);
    const now = Date.now();
    const routeDeadline = now + ((deadline - now) * route.jobs.length) / Math.max(1, totalJobs - jobsDone);
    report({ phase: 'sequence', elapsed_seconds: (now - started) / 1000, routes_done: index, routes_total: problem.routes.length });
    const order = searchOrder(Int32Array.from(route.jobs.keys()), objective, {
      deadline: routeDeadline,
      patience: 50,
      random,
      onImprovement: (cost) => report({ phase: 'sequence', best_cost: cost, elapsed_seconds: (Date.now() - started) / 1000, routes_done: index, routes_total: problem.routes.length }),
    });
    jobsDone += route.jobs.length;
    return evaluateRoute(problem, route, Array.from(order, (i) => route.jobs[i]!), travel).response;
  });
  return { routes, unrouted_jobs: [], ...(problem.custom !== undefined ? { custom: problem.custom } : {}) };
}
