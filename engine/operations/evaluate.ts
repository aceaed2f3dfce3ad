import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import { evaluateProblem } from '../evaluate/evaluate-problem.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import type { ProgressReporter } from '../progress.js';

/**
 * `evaluate`: no optimization, the job order is kept exactly (notes §5.7). Adds depot, overnight,
 * break and exit stops, and computes arrivals, distances, costs and violations; unrouted are the
 * top-level jobs on no route.
 */
export async function evaluate(problem: ResolvedProblem, travel: TravelTable, report: ProgressReporter): Promise<ProblemResponse> {
  const started = Date.now();
  report({ phase: 'evaluate: travel', elapsed_seconds: 0 });
  report({ phase: 'evaluate: routes', elapsed_seconds: (Date.now() - started) / 1000, routes_total: problem.routes.length });
  return evaluateProblem(problem, travel).response;
}
