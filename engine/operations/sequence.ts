import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import { evaluateProblem } from '../evaluate/evaluate-problem.js';
import { multidayChains } from '../evaluate/multiday.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import type { ProgressReporter } from '../progress.js';
import { engineTask } from './operation.js';
import { plannedResult } from './result-shape.js';
import { searchDeadline, searchSeed, seededRandom } from '../planning/search-budget.js';
import { sequenceChains } from '../planning/sequence-chains.js';

/**
 * `sequence`: reorders the jobs within each route to lower its internal cost. Jobs never move
 * between routes and are never unrouted; multi-day chains keep their days.
 */
export async function sequence(
  problem: ResolvedProblem,
  travel: TravelTable,
  report: ProgressReporter,
  startedAt = Date.now(),
): Promise<ProblemResponse> {
  const orders = sequenceChains(
    problem,
    travel,
    multidayChains(problem),
    { startedAt, deadline: searchDeadline(problem, startedAt), random: seededRandom(searchSeed(problem)), phase: 'sequence' },
    report,
  );
  return evaluateProblem(problem, travel, orders).response;
}

export const sequenceOperation = engineTask({
  name: 'sequence',
  travel: 'matrix',
  answers: { schema: 'problem_response' },
  run: ({ problem, travel, report, startedAt }) => sequence(problem, travel, report, startedAt),
  shape: (response, input) => plannedResult(response, input),
});
