import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { multidayChains } from '../evaluate/multiday.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { plannedResponse } from '../planning/planned-response.js';
import { planRoutes } from '../planning/plan-routes.js';
import type { ProgressReporter } from '../progress.js';
import { engineTask } from './operation.js';
import { plannedResult } from './result-shape.js';
import { withChosenBaseDates, withScheduleResponses } from '../planning/schedule-base-dates.js';
import {
  defaultPlanningSeconds,
  planningIterations,
  type SearchTuning,
  searchDeadline,
  searchSeed,
  seededRandom,
} from '../planning/search-budget.js';
import { sequenceChains } from '../planning/sequence-chains.js';

/**
 * `optimize`: moves the jobs already on the routes within and between them to cut
 * cost and violations, starting from the given plan. A job no route can take without a hard
 * violation is unrouted, unless `settings.disable_unrouting_stops`, which keeps every routed job
 * on some route. Top-level jobs on no route stay unrouted. Days of a multi-day chain keep their
 * jobs (only their order changes, as in sequence): the core plans single days. Schedules without
 * a base date get the one that keeps most of their jobs on their current days (reported in
 * `schedules`).
 */
export async function optimize(
  request: ResolvedProblem,
  travel: TravelTable,
  report: ProgressReporter,
  startedAt = Date.now(),
  tuning: SearchTuning = {},
): Promise<ProblemResponse> {
  const currentDays = new Map(
    request.routes.flatMap((route) => (route.date === undefined ? [] : routeJobs(route).map((job) => [job, route.date!] as const))),
  );
  const { problem, chosen } = withChosenBaseDates(request, request.routes, currentDays);
  const chains = multidayChains(problem);
  const singleDays = chains.filter((chain) => chain.length === 1).map(([route]) => route!);
  const indexOf = new Map(problem.jobs.map((job, index) => [job, index]));
  const initial: RoutePlan = new Map(singleDays.map((route) => [route, routeJobs(route).map((job) => indexOf.get(job)!)]));
  const jobs = [...initial.values()].flat();
  const deadline = searchDeadline(problem, startedAt, defaultPlanningSeconds('optimize', jobs.length));
  const chained = chains.filter((chain) => chain.length > 1);
  const chainJobs = chained.flat().reduce((sum, route) => sum + routeJobs(route).length, 0);
  // Chained days get their share of the budget first, by job count.
  const chainDeadline = startedAt + ((deadline - startedAt) * chainJobs) / Math.max(1, chainJobs + jobs.length);
  const fixed = sequenceChains(
    problem,
    travel,
    chained,
    { startedAt, deadline: chainDeadline, random: seededRandom(searchSeed(problem)), phase: 'optimize: multi-day chains' },
    report,
  );
  const { plan, pricer } = await planRoutes(
    problem,
    travel,
    {
      routes: singleDays,
      jobs,
      initial,
      keepRouted: problem.settings.disable_unrouting_stops === true,
      startedAt,
      deadline,
      maxIterations: tuning.maxIterations ?? planningIterations('optimize', jobs.length),
      threads: tuning.threads ?? 1,
      seed: searchSeed(problem),
      phase: 'optimize',
    },
    report,
  );
  return withScheduleResponses(
    plannedResponse(problem, travel, plan, fixed, pricer, singleDays, { multiday: true, planned: jobs, reasonsDeadline: deadline }),
    chosen,
  );
}

export const optimizeOperation = engineTask({
  name: 'optimize',
  travel: 'matrix',
  answers: { schema: 'problem_response' },
  run: ({ problem, travel, report, startedAt, tuning }) => optimize(problem, travel, report, startedAt, tuning),
  shape: (response, input) => plannedResult(response, input),
});
