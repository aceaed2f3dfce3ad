import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { plannedResponse } from '../planning/planned-response.js';
import { planRoutes } from '../planning/plan-routes.js';
import type { ProgressReporter } from '../progress.js';
import { withChosenBaseDates, withScheduleResponses } from '../planning/schedule-base-dates.js';
import { frontLoad } from '../planning/front-loading.js';
import { planOvernightStays } from '../planning/overnight-stays.js';
import { routeSettings } from '../evaluate/route-settings.js';
import { assignVehicles } from '../planning/vehicle-assignment.js';
import { defaultPlanningSeconds, planningIterations, type SearchTuning, searchDeadline, searchSeed } from '../planning/search-budget.js';
import { engineTask } from './operation.js';
import { plannedResult } from './result-shape.js';

/** Share of the budget after which front loading and overnight stays start, and the share kept for the response after them. */
const FINISHING_START = 0.8;
const FINISHING_RESERVE = 0.05;

/**
 * `build`: places the problem's jobs on its (usually empty) routes, as many as possible without
 * hard violations and at the least cost; jobs already on routes are a starting point and may move.
 * What fits nowhere is unrouted, with its reasons. The request's multi-day chains are ignored:
 * build plans single days, then chains consecutive days of drivers allowed more than
 * one into overnight trips where that costs less. With enable_front_loading, jobs then move to the
 * earliest days their dates allow. Routes without a vehicle have one already when explicit
 * vehicles are on (the record's `prepare` assigns them before travel is computed), and schedules
 * without a base date get one (reported in `schedules`), so that every schedule job has its target
 * range to land in.
 */
export async function build(
  request: ResolvedProblem,
  travel: TravelTable,
  report: ProgressReporter,
  startedAt = Date.now(),
  tuning: SearchTuning = {},
): Promise<ProblemResponse> {
  const { problem, chosen } = withChosenBaseDates(request, request.routes);
  const jobs = problem.jobs.map((_, index) => index);
  const indexOf = new Map(problem.jobs.map((job, index) => [job, index]));
  const initial: RoutePlan = new Map(problem.routes.map((route) => [route, routeJobs(route).map((job) => indexOf.get(job)!)]));
  const deadline = searchDeadline(problem, startedAt, defaultPlanningSeconds('build', jobs.length));
  const overnights = problem.routes.some((route) => route.driver !== undefined && routeSettings(problem, route).maxMultidayDays > 1);
  const frontLoading = problem.settings.enable_front_loading === true;
  // Front loading and overnight stays work on the finished single days, in the last part of the budget.
  const planningDeadline = overnights || frontLoading ? startedAt + FINISHING_START * (deadline - startedAt) : deadline;
  const finishingDeadline = deadline - FINISHING_RESERVE * (deadline - startedAt);
  const { plan, pricer } = await planRoutes(
    problem,
    travel,
    {
      routes: problem.routes,
      jobs,
      initial,
      keepRouted: false,
      startedAt,
      deadline: planningDeadline,
      maxIterations: tuning.maxIterations ?? planningIterations('build', jobs.length),
      threads: tuning.threads ?? 1,
      seed: searchSeed(problem),
      phase: 'build',
    },
    report,
  );
  if (frontLoading) frontLoad(pricer, plan, problem.routes, finishingDeadline);
  const chains = overnights ? planOvernightStays(problem, travel, problem.routes, plan, finishingDeadline) : [];
  return withScheduleResponses(
    plannedResponse(problem, travel, plan, new Map(), pricer, problem.routes, {
      multiday: false,
      planned: jobs,
      chains,
      reasonsDeadline: deadline,
    }),
    chosen,
  );
}

export const buildOperation = engineTask({
  name: 'build',
  travel: 'matrix',
  answers: { schema: 'problem_response' },
  // Vehicles are chosen before travel is computed: a vehicle may bring its own depot and travel class.
  prepare: assignVehicles,
  run: ({ problem, travel, report, startedAt, tuning }) => build(problem, travel, report, startedAt, tuning),
  shape: (response, input) => plannedResult(response, input),
});
