import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { compileProblem } from '../compile/compile-problem.js';
import { planToSnapshot, resultToPlan, type RoutePlan } from '../compile/solution-mapping.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import type { ProgressEvent } from '../core/solve-options.js';
import { solveParallel } from '../core/parallel/parallel-solve.js';
import { solve } from '../core/solve.js';
import { recordSearch } from './search-tally.js';

export interface CoreBudget {
  /** Wall-clock deadline (ms since epoch) of the core search. */
  deadline: number;
  maxIterations: number;
  seed: number;
  /** More than 1: that many searches on worker threads (seeds seed, seed+1, …) sharing their best. */
  threads: number;
}

export interface CorePlan {
  plan: RoutePlan;
  /** Jobs the core could not place. */
  unassigned: number[];
}

/**
 * Plans `jobs` (indices into problem.jobs) on `routes` with the solver core, starting from
 * `initial` (its parts the core finds infeasible are placed again). `onBest` gets the core's cost
 * of every new best (US$, plus a large charge per job left out).
 */
export async function corePlan(
  problem: ResolvedProblem,
  travel: TravelTable,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  initial: RoutePlan,
  budget: CoreBudget,
  onBest: (cost: number) => void,
): Promise<CorePlan> {
  if (routes.length === 0 || jobs.length === 0) {
    return { plan: new Map(routes.map((route) => [route, []])), unassigned: [...jobs] };
  }
  const compiled = compileProblem(problem, travel, routes, jobs);
  const options = {
    seed: budget.seed,
    timeLimitMs: Math.max(0, budget.deadline - Date.now()),
    maxIterations: budget.maxIterations,
    initial: planToSnapshot(compiled, initial),
    onProgress: (event: ProgressEvent) => onBest(event.cost),
  };
  const result =
    budget.threads > 1
      ? await solveParallel(compiled.instance, { ...options, threads: budget.threads })
      : solve(compiled.instance, options);
  recordSearch({ iterations: result.iterations, timeToBestMs: result.timeToBestMs });
  return resultToPlan(compiled, result);
}
