import { MAX_JOBS_TO_INSERT } from '../../model/operations.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { ViolationType } from '../../model/types/violation.js';
import { evaluateProblem } from '../evaluate/evaluate-problem.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { ChainPricer } from '../planning/chain-pricer.js';
import { chainReasons } from '../planning/chain-reasons.js';
import { DispatchPlan, type Insertion } from '../planning/dispatch-plan.js';
import { OperationError } from '../operation-error.js';
import type { ProgressReporter } from '../progress.js';
import { engineTask } from './operation.js';
import { plannedResult } from './result-shape.js';
import { withChosenBaseDates, withScheduleResponses } from '../planning/schedule-base-dates.js';

/** The jobs of jobs_to_insert as indices into problem.jobs, each once, in request order. */
function jobsToInsert(problem: ResolvedProblem): number[] {
  const indexOf = new Map(problem.jobs.map((job, index) => [job, index]));
  return [...new Set((problem.jobs_to_insert ?? []).map((job) => indexOf.get(job)!))];
}

/** The cheapest insertion of `job` over every chain (by added internal cost), or undefined when none is allowed. */
function cheapestInsertion(
  plan: DispatchPlan,
  job: number,
  allowHard: boolean,
  critical: ReadonlySet<ViolationType>,
): Insertion | undefined {
  let best: Insertion | undefined;
  let bestDelta = Infinity;
  for (let c = 0; c < plan.chains.length; c++) {
    if (!allowHard && plan.staticallyBarred(c, job)) continue;
    const base = plan.prices[c]!;
    plan.forEachInsertion(c, job, (insertion) => {
      if (!allowHard && insertion.price.hard > base.hard) return;
      const delta = insertion.price.internalCost - base.internalCost;
      if (delta < bestDelta && !(allowHard && plan.addsViolationOf(insertion, job, critical))) {
        best = insertion;
        bestDelta = delta;
      }
    });
  }
  return best;
}

/**
 * `insert`: each job of `jobs_to_insert` in turn goes to the position, over every
 * route and every day of a multi-day chain, that adds the least internal cost without a new hard
 * violation (with `allow_hard_constraint_violations`, any position that adds none of
 * `settings.critical_violations`). The stops already on the routes are never reordered; a job to
 * insert that is already on a route is taken off it first. What fits nowhere is unrouted with the
 * violation types that keep it off every route. Schedules without a base date get one first, as
 * in optimize, reported in `schedules`.
 */
export async function insert(
  request: ResolvedProblem,
  travel: TravelTable,
  report: ProgressReporter,
  startedAt = Date.now(),
): Promise<ProblemResponse> {
  // As optimize does: schedules without a base date get one, favouring the days their routed jobs are on.
  const currentDays = new Map(
    request.routes.flatMap((route) => (route.date === undefined ? [] : routeJobs(route).map((job) => [job, route.date!] as const))),
  );
  const { problem, chosen } = withChosenBaseDates(request, request.routes, currentDays);
  const jobs = jobsToInsert(problem);
  if (jobs.length > MAX_JOBS_TO_INSERT) {
    throw new OperationError(
      400,
      'too_many_jobs_to_insert_error',
      `insert takes at most ${MAX_JOBS_TO_INSERT} jobs_to_insert; the request has ${jobs.length}.`,
    );
  }
  const allowHard = problem.allow_hard_constraint_violations === true;
  const critical = new Set(problem.settings.critical_violations ?? []);
  // Besides the jobs to insert, jobs on no route are priced too: their unrouted reasons probe every route.
  const placed = new Set(problem.routes.flatMap(routeJobs));
  const candidates = [...new Set([...jobs, ...problem.jobs.flatMap((job, index) => (placed.has(job) ? [] : [index]))])];
  const plan = new DispatchPlan(problem, new ChainPricer(problem, travel, candidates), new Set(jobs));
  const elapsed = (): number => (Date.now() - startedAt) / 1000;
  for (const job of jobs) {
    report({ phase: 'insert', elapsed_seconds: elapsed() });
    const best = cheapestInsertion(plan, job, allowHard, critical);
    if (best !== undefined) plan.insert(best, job);
  }
  report({ phase: 'insert: evaluating', elapsed_seconds: elapsed() });
  const response = evaluateProblem(problem, travel, plan.routeOrders()).response;
  const indexById = new Map(problem.jobs.map((job, index) => [job.id, index]));
  return withScheduleResponses(
    { ...response, unrouted_jobs: response.unrouted_jobs.map(({ id }) => ({ id, reasons: chainReasons(plan, indexById.get(id)!) })) },
    chosen,
  );
}

/**
 * More than MAX_JOBS_TO_INSERT jobs to insert (counted once each) answers 400
 * too_many_jobs_to_insert_error before a task starts.
 */
function tooManyJobsToInsert(body: unknown): OperationError | undefined {
  const jobs = (body as { jobs_to_insert?: unknown[] }).jobs_to_insert ?? [];
  const distinct = new Set(jobs.map((job) => (typeof job === 'string' ? job : ((job as { id?: unknown }).id ?? job))));
  if (distinct.size <= MAX_JOBS_TO_INSERT) return undefined;
  return new OperationError(
    400,
    'too_many_jobs_to_insert_error',
    `insert takes at most ${MAX_JOBS_TO_INSERT} jobs_to_insert; the request has ${distinct.size}.`,
  );
}

export const insertOperation = engineTask({
  name: 'insert',
  travel: 'matrix',
  answers: { schema: 'problem_response' },
  quick: true,
  refuse: tooManyJobsToInsert,
  refusal: `validation_failed_error, or too_many_jobs_to_insert_error: more than ${MAX_JOBS_TO_INSERT} jobs_to_insert.`,
  run: ({ problem, travel, report, startedAt }) => insert(problem, travel, report, startedAt),
  shape: (response, input) => plannedResult(response, input),
});
