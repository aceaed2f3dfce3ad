import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { compileProblem } from '../compile/compile-problem.js';
import { planToSnapshot, resultToPlan, type RoutePlan } from '../compile/solution-mapping.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { solve } from '../solve.js';
import { recordSearch } from './search-tally.js';

export interface CoreBudget {
  /** Wall-clock deadline (ms since epoch) of the core search. */
  deadline: number;
  maxIterations: number;
  seed: number;
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
export function corePlan(
  problem: ResolvedProblem,
  travel: TravelTable,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  initial: RoutePlan,
  budget: CoreBudget,
  onBest: (cost: number) => void,
): CorePlan {
  if (routes.length === 0 || jobs.length === 0) {
    return { plan: new Map(routes.map((route) => [route, []])), unassigned: [...jobs] };
  }
  const compiled = compileProblem(problem, travel, routes, jobs);
  const result = solve(compiled.instance, {
    seed: budget.seed,
    timeLimitMs: Math.max(0, budget.deadline - Date.now()),
    maxIterations: budget.maxIterations,
    initial: planToSnapshot(compiled, initial),
    onProgress: (event) => onBest(event.cost),
  });
  recordSearch({ iterations: result.iterations, timeToBestMs: result.timeToBestMs });
  return resultToPlan(compiled, result);
}
