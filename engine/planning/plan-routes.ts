import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { RouteEligibility } from '../compile/route-eligibility.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { corePlan } from './core-plan.js';
import { placeJobs } from './place-jobs.js';
import { PlanPricer } from './plan-pricer.js';
import type { ProgressReporter } from '../progress.js';
import { repairPlan } from './repair-plan.js';

export interface PlanningRequest {
  /** The routes jobs may move between. */
  routes: ResolvedRoute[];
  /** The jobs to plan on them (indices into problem.jobs). */
  jobs: number[];
  /** Where the jobs are now (a starting point; absent routes are empty). */
  initial: RoutePlan;
  /** Jobs must stay routed, even with hard violations (optimize with disable_unrouting_stops). */
  keepRouted: boolean;
  startedAt: number;
  /** Wall-clock deadline of the whole operation (ms since epoch). */
  deadline: number;
  maxIterations: number;
  /** Parallel searches sharing their best (each runs maxIterations). */
  threads: number;
  seed: number;
  /** Progress phase label, e.g. 'build'. */
  phase: string;
}

export interface PlanningOutcome {
  plan: RoutePlan;
  pricer: PlanPricer;
}

/**
 * Time kept for the evaluator's pass after the core (placing leftovers, checking, the response and
 * unrouted reasons; about 0.4 s for 400 jobs with 90 left over): a tenth of the budget, at least
 * 0.2 s + 1 ms per job, at most a quarter.
 */
function finishingReserve(request: PlanningRequest): number {
  const budget = request.deadline - request.startedAt;
  return Math.min(0.25 * budget, Math.max(0.1 * budget, 200 + request.jobs.length));
}

/**
 * Plans jobs on routes in three steps: the solver core on the compiled problem (SISR ruin and
 * recreate with granular local search), the evaluator's cheapest insertion for what the core left
 * out, and the evaluator's check, which unroutes jobs until no route has a hard violation (jobs
 * that must stay routed are placed wherever they cost least instead).
 */
export async function planRoutes(
  problem: ResolvedProblem,
  travel: TravelTable,
  request: PlanningRequest,
  report: ProgressReporter,
): Promise<PlanningOutcome> {
  const elapsed = (): number => (Date.now() - request.startedAt) / 1000;
  report({ phase: `${request.phase}: compiling`, elapsed_seconds: elapsed() });
  const reserve = finishingReserve(request);
  // One answer per (job, route) for the split by date, every date's compiled problem and the pricer.
  const eligibility = new RouteEligibility(problem);
  const core = await corePlan(
    problem,
    travel,
    request.routes,
    request.jobs,
    request.initial,
    { deadline: request.deadline - reserve, maxIterations: request.maxIterations, seed: request.seed, threads: request.threads },
    (cost) => report({ phase: `${request.phase}: searching`, best_cost: cost, elapsed_seconds: elapsed() }),
    eligibility,
  );
  report({ phase: `${request.phase}: checking`, elapsed_seconds: elapsed() });
  const plan = core.plan;
  const pricer = new PlanPricer(problem, travel, eligibility);
  // Half the reserve is for the response, which is built whatever the clock says.
  const options = { force: false, deadline: request.deadline - reserve / 2 };
  const left = placeJobs(problem, pricer, plan, request.routes, core.unassigned, options);
  if (request.keepRouted) {
    placeJobs(problem, pricer, plan, request.routes, left, { ...options, force: true });
    return { plan, pricer };
  }
  const removed = repairPlan(pricer, plan, request.routes);
  placeJobs(problem, pricer, plan, request.routes, removed, options);
  return { plan, pricer };
}
