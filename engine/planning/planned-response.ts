import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { evaluateProblem } from '../evaluate/evaluate-problem.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import type { PlanPricer } from './plan-pricer.js';
import { unroutedReasons } from './unrouted-reasons.js';

/**
 * Time kept per job after the unrouted reasons for what still follows (the response's shape, the
 * result's way back to the caller): a build of 20,000 jobs over 5 days, probing reasons up to its
 * deadline, answered 16 s after its 20-minute limit on a busy machine.
 */
const RESPONSE_MS_PER_JOB = 1;

/**
 * The response of a planning operation, computed by the evaluator from the planned orders (routes
 * missing from `plan` keep `fixed` orders, else their own), each unrouted job with the reasons that
 * keep it off `reasonRoutes`. `multiday: false` evaluates every route on its own (build);
 * `chains` are the multi-day trips build planned instead. Unrouted reasons beyond each job's
 * nearest probe are probed until `reasonsDeadline` (ms since epoch; see unroutedReasons), less
 * RESPONSE_MS_PER_JOB per job. A job of `planned` (the jobs the operation routes; optimize leaves
 * the others on no route) that a probe finds room for goes there first (`plan` is updated),
 * except on a day of a trip, which the probe prices on its own, not in its trip.
 */
export function plannedResponse(
  problem: ResolvedProblem,
  travel: TravelTable,
  plan: RoutePlan,
  fixed: ReadonlyMap<ResolvedRoute, ResolvedJob[]>,
  pricer: PlanPricer,
  reasonRoutes: readonly ResolvedRoute[],
  options: { multiday: boolean; planned: readonly number[]; chains?: readonly (readonly ResolvedRoute[])[]; reasonsDeadline?: number },
): ProblemResponse {
  const indexById = new Map(problem.jobs.map((job, index) => [job.id, index]));
  const routed = new Set(
    problem.routes.flatMap((route) => plan.get(route) ?? (fixed.get(route) ?? routeJobs(route)).map(({ id }) => indexById.get(id)!)),
  );
  const unrouted = problem.jobs.flatMap((_, job) => (routed.has(job) ? [] : [job]));
  const planned = new Set(options.planned);
  const trips = new Set(options.chains?.flat());
  const reasonsDeadline = (options.reasonsDeadline ?? Infinity) - RESPONSE_MS_PER_JOB * problem.jobs.length;
  const mayPlace = (job: number, route: ResolvedRoute): boolean => planned.has(job) && !trips.has(route);
  const reasons = unroutedReasons(problem, pricer, plan, reasonRoutes, unrouted, reasonsDeadline, undefined, mayPlace);
  const orders = new Map<ResolvedRoute, ResolvedJob[]>(fixed);
  for (const [route, order] of plan)
    orders.set(
      route,
      order.map((j) => problem.jobs[j]!),
    );
  const response = evaluateProblem(problem, travel, orders, {
    multiday: options.multiday,
    ...(options.chains !== undefined ? { chains: options.chains } : {}),
  }).response;
  return { ...response, unrouted_jobs: response.unrouted_jobs.map(({ id }) => ({ id, reasons: reasons.get(indexById.get(id)!)! })) };
}
