import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import { evaluateProblem } from '../evaluate/evaluate-problem.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import type { ProgressReporter } from '../progress.js';
import { engineTask } from './operation.js';
import { plannedResult } from './result-shape.js';

/**
 * `evaluate`: no optimization, the job order is kept exactly. Adds depot, overnight,
 * break and exit stops, and computes arrivals, distances, costs and violations; unrouted are the
 * top-level jobs on no route.
 */
export async function evaluate(problem: ResolvedProblem, travel: TravelTable, report: ProgressReporter): Promise<ProblemResponse> {
  const started = Date.now();
  report({ phase: 'evaluate: travel', elapsed_seconds: 0 });
  report({ phase: 'evaluate: routes', elapsed_seconds: (Date.now() - started) / 1000, routes_total: problem.routes.length });
  return evaluateProblem(problem, travel).response;
}

/** `evaluate` as a task; with `aggregate` it answers problem_aggregates. */
export const evaluateOperation = engineTask({
  name: 'evaluate',
  travel: 'matrix',
  answers: { schema: 'problem_response' },
  aggregates: true,
  quick: true,
  run: ({ problem, travel, report }) => evaluate(problem, travel, report),
  shape: (response, input) => plannedResult(response, input, input.options.aggregate === true),
});
