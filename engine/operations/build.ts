import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { plannedResponse } from './planned-response.js';
import { planRoutes } from './plan-routes.js';
import type { ProgressReporter } from './progress.js';
import { defaultPlanningSeconds, planningIterations, searchDeadline, searchSeed } from './search-budget.js';

/**
 * `build`: places the problem's jobs on its (usually empty) routes, as many as possible without
 * hard violations and at the least cost; jobs already on routes are a starting point and may move.
 * What fits nowhere is unrouted, with its reasons. Multi-day chains are ignored (notes §12): each
 * route is planned and evaluated as a day of its own.
 */
export async function build(problem: ResolvedProblem, travel: TravelTable, report: ProgressReporter, startedAt = Date.now()): Promise<ProblemResponse> {
  const jobs = problem.jobs.map((_, index) => index);
  const indexOf = new Map(problem.jobs.map((job, index) => [job, index]));
  const initial: RoutePlan = new Map(problem.routes.map((route) => [route, routeJobs(route).map((job) => indexOf.get(job)!)]));
  const { plan, pricer } = planRoutes(
    problem,
    travel,
    {
      routes: problem.routes,
      jobs,
      initial,
      keepRouted: false,
      startedAt,
      deadline: searchDeadline(problem, startedAt, defaultPlanningSeconds('build', jobs.length)),
      maxIterations: planningIterations('build', jobs.length),
      seed: searchSeed(problem),
      phase: 'build',
    },
    report,
  );
  return plannedResponse(problem, travel, plan, new Map(), pricer, problem.routes, { multiday: false });
}
