import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { evaluateProblem } from '../evaluate/evaluate-problem.js';
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
 * `chains` are the multi-day trips build planned instead. Unrouted reasons are probed until
 * `reasonsDeadline` (ms since epoch; see unroutedReasons), less RESPONSE_MS_PER_JOB per job.
 */
export function plannedResponse(
  problem: ResolvedProblem,
  travel: TravelTable,
  plan: RoutePlan,
  fixed: ReadonlyMap<ResolvedRoute, ResolvedJob[]>,
  pricer: PlanPricer,
  reasonRoutes: readonly ResolvedRoute[],
  options: { multiday: boolean; chains?: readonly (readonly ResolvedRoute[])[]; reasonsDeadline?: number },
): ProblemResponse {
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
  const indexById = new Map(problem.jobs.map((job, index) => [job.id, index]));
  const unrouted = response.unrouted_jobs.map(({ id }) => indexById.get(id)!);
  const reasonsDeadline = (options.reasonsDeadline ?? Infinity) - RESPONSE_MS_PER_JOB * problem.jobs.length;
  const reasons = unroutedReasons(problem, pricer, plan, reasonRoutes, unrouted, reasonsDeadline);
  return { ...response, unrouted_jobs: unrouted.map((job) => ({ id: problem.jobs[job]!.id, reasons: reasons.get(job)! })) };
}
