import { formatTimespan } from '../../model/formats/timespan.js';
import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { RecommendOption, RecommendResponse } from '../../model/types/responses.js';
import { evaluateRoute, type RouteEvaluation } from '../evaluate/evaluate-route.js';
import { walkChain } from '../evaluate/multiday.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { ChainPricer, type ChainOrders } from '../planning/chain-pricer.js';
import { DispatchPlan } from '../planning/dispatch-plan.js';
import { stopRestrictions } from './assignment-restrictions.js';
import type { ProgressReporter } from '../progress.js';
import { schedulePlacement } from '../planning/schedule-placement.js';
import { engineTask } from './operation.js';
import { fallbackFlag } from './fallback-flag.js';

/** Default of max_results. */
const defaultMaxResults = 10;

/** One insertion of the job, with what it adds: the ranking key. */
interface Candidate {
  chain: number;
  day: number;
  position: number;
  addedViolations: number;
  deltaInternalCost: number;
}

/** Fewer added violations first, then the smaller added internal cost; ties keep route and position order. */
function byQuality(a: Candidate, b: Candidate): number {
  return a.addedViolations - b.addedViolations || a.deltaInternalCost - b.deltaInternalCost;
}

/** The evaluator's evaluation of a whole chain with the given orders, day by day. */
function evaluateChain(
  problem: ResolvedProblem,
  travel: TravelTable,
  chain: readonly ResolvedRoute[],
  orders: ChainOrders,
): RouteEvaluation[] {
  const days = orders.map((order) => order.map((job) => problem.jobs[job]!));
  const evaluations: RouteEvaluation[] = [];
  walkChain(problem, chain, days, (route, context) => {
    const jobs = days[evaluations.length]!;
    evaluations.push(evaluateRoute(problem, route, jobs, travel, context));
    return jobs;
  });
  return evaluations;
}

interface Totals {
  cost: number;
  internalCost: number;
  distance: number;
  working: number;
  violations: number;
}

function totals(evaluations: readonly RouteEvaluation[]): Totals {
  const sum: Totals = { cost: 0, internalCost: 0, distance: 0, working: 0, violations: 0 };
  for (const e of evaluations) {
    sum.cost += e.cost;
    sum.internalCost += e.internalCost;
    sum.distance += e.distanceMeters;
    sum.working += e.workingSeconds;
    sum.violations += e.violations;
  }
  return sum;
}

/**
 * `recommend`: every insertion position of `job` on every route, and on every
 * day of a multi-day chain (whose days all come back in the option), without reordering the stops
 * already there; a job already on a route is taken off it first and the deltas are against the
 * plan without it. Options that add a hard violation are left out unless
 * `allow_hard_constraint_violations`, and even then those that add one of
 * `settings.critical_violations`; so are days where the job's schedule may not land. Ranked by
 * added violations, then added internal cost; the best `max_results` (default 10, -1 = all). The
 * deltas and routes of each option are the evaluator's, before and after the insertion. An option
 * that chooses the base date of the job's schedule names it in `schedules`.
 */
export async function recommend(
  problem: ResolvedProblem,
  travel: TravelTable,
  report: ProgressReporter,
  startedAt = Date.now(),
): Promise<RecommendResponse> {
  const job = problem.jobs.indexOf(problem.job!);
  const resolvedJob = problem.jobs[job]!;
  const allowHard = problem.allow_hard_constraint_violations === true;
  const critical = new Set(problem.settings.critical_violations ?? []);
  const plan = new DispatchPlan(problem, new ChainPricer(problem, travel, [job]), new Set([job]));
  report({ phase: 'recommend: positions', elapsed_seconds: (Date.now() - startedAt) / 1000 });
  const candidates: Candidate[] = [];
  plan.chains.forEach((chain, c) => {
    if (!allowHard && plan.staticallyBarred(c, job)) return;
    const base = plan.prices[c]!;
    const barredDays = chain.map((route) => !allowHard && !schedulePlacement(problem, resolvedJob, route).allowed);
    plan.forEachInsertion(c, job, ({ day, position, price }) => {
      if (barredDays[day] || (!allowHard && price.hard > base.hard)) return;
      if (allowHard && plan.addsViolationOf({ chain: c, day, position }, job, critical)) return;
      candidates.push({
        chain: c,
        day,
        position,
        addedViolations: price.violations - base.violations,
        deltaInternalCost: price.internalCost - base.internalCost,
      });
    });
  });
  candidates.sort(byQuality);
  const maxResults = problem.max_results ?? defaultMaxResults;
  const chosen = maxResults < 0 ? candidates : candidates.slice(0, maxResults);
  report({ phase: 'recommend: evaluating', elapsed_seconds: (Date.now() - startedAt) / 1000 });
  const before = new Map<number, Totals>();
  const restricted = stopRestrictions(problem, travel);
  const options = chosen.map((candidate) => {
    const chain = plan.chains[candidate.chain]!;
    if (!before.has(candidate.chain))
      before.set(candidate.chain, totals(evaluateChain(problem, travel, chain, plan.orders[candidate.chain]!)));
    const was = before.get(candidate.chain)!;
    const evaluations = evaluateChain(problem, travel, chain, plan.withInsertion(candidate, job));
    const now = totals(evaluations);
    const fixes = schedulePlacement(problem, resolvedJob, chain[candidate.day]!);
    const option: RecommendOption = {
      delta_cost: now.cost - was.cost,
      delta_internal_cost: now.internalCost - was.internalCost,
      delta_distance_meters: now.distance - was.distance,
      delta_working_time: formatTimespan(now.working - was.working),
      route_index: candidate.day,
      job_index: candidate.position,
      routes: restricted(evaluations.map((evaluation) => evaluation.response)),
      ...(fixes.allowed && fixes.fixes ? { schedules: [fixes.fixes] } : {}),
    };
    return {
      option,
      key: { ...candidate, addedViolations: now.violations - was.violations, deltaInternalCost: option.delta_internal_cost },
    };
  });
  // The evaluator's own figures decide the final order (they match the pricer's, which chose them).
  options.sort((a, b) => byQuality(a.key, b.key));
  return { recommend_options: options.map(({ option }) => option) };
}

/** `recommend` as a task: always its recommend_response (no return_request variant is documented). */
export const recommendOperation = engineTask({
  name: 'recommend',
  travel: 'matrix',
  answers: { schema: 'recommend_response' },
  quick: true,
  run: ({ problem, travel, report, startedAt }) => recommend(problem, travel, report, startedAt),
  shape: (result, { travel }) => ({ ...result, ...fallbackFlag(travel) }),
});
