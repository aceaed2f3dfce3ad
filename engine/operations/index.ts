import type { OperationName } from '../../model/operations.js';
import { resolveProblem, type ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { TravelProvider } from '../../geo/travel.js';
import { formatLatLon } from '../../model/latlon.js';
import { problemTravelTable } from '../evaluate/problem-travel.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { build } from './build.js';
import { evaluate } from './evaluate.js';
import { optimize } from './optimize.js';
import { throttledProgress, type OperationProgress, type ProgressReporter } from './progress.js';
import { shapeResult } from './result-shape.js';
import { sequence } from './sequence.js';

/** `startedAt` (ms since epoch) is when the task's work began: search budgets count from it, travel included. */
type ProblemOperation = (problem: ResolvedProblem, travel: TravelTable, report: ProgressReporter, startedAt: number) => Promise<ProblemResponse>;

const operations: Partial<Record<OperationName, ProblemOperation>> = { sequence, build, optimize, evaluate };

/**
 * Runs a task operation on a validated request; called inside the operation thread. Travel between
 * the problem's places is computed once, through `provider`; places it could not route (off the
 * map) are listed in `straight_line_fallback_locations`.
 * `options.aggregate` (evaluate, from `?aggregate=1` with `wait=1`) answers problem_aggregates.
 */
export async function runOperation(
  name: string,
  request: unknown,
  options: Record<string, unknown>,
  provider: TravelProvider,
  report: (progress: OperationProgress) => void,
): Promise<unknown> {
  const startedAt = Date.now();
  const operation = operations[name as OperationName];
  if (!operation) throw new Error(`no operation ${name} in the engine`);
  const problem = resolveProblem(request, name as OperationName);
  const travel = await problemTravelTable(problem, provider);
  const response = await operation(problem, travel, throttledProgress(report), startedAt);
  const fallback = travel.fallbackPoints();
  const flagged = fallback.length ? { ...response, straight_line_fallback_locations: fallback.map(formatLatLon) } : response;
  return shapeResult(request, name as OperationName, problem, flagged, { aggregate: name === 'evaluate' && options.aggregate === true });
}
