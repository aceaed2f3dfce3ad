import type { OperationName } from '../../model/operations.js';
import { resolveProblem, type ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { TravelProvider } from '../../geo/travel.js';
import { formatLatLon } from '../../model/latlon.js';
import { consolidate } from '../consolidate/consolidate.js';
import type { ConsolidationRule } from '../consolidate/merge-keys.js';
import { problemTravelTable } from '../evaluate/problem-travel.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { withStopRestrictions } from './assignment-restrictions.js';
import { build } from './build.js';
import { dispatchOperations, shapeDispatchResult } from './dispatch-operations.js';
import { evaluate } from './evaluate.js';
import { insert } from './insert.js';
import { optimize } from './optimize.js';
import { throttledProgress, type OperationProgress, type ProgressReporter } from '../progress.js';
import { shapeResult } from './result-shape.js';
import { withRoutePaths } from './route-paths.js';
import type { SearchTuning } from '../planning/search-budget.js';
import { sequence } from './sequence.js';
import { assignVehicles } from '../planning/vehicle-assignment.js';
import { territoryOperations } from '../territory/territory-operations.js';

/** `startedAt` (ms since epoch) is when the task's work began: search budgets count from it, travel included. */
type ProblemOperation = (problem: ResolvedProblem, travel: TravelTable, report: ProgressReporter, startedAt: number, tuning: SearchTuning) => Promise<ProblemResponse>;

const operations: Partial<Record<OperationName, ProblemOperation>> = { sequence, build, optimize, evaluate, insert };

/** Consolidations answer jobs, not a plan, and need the provider's streets rather than a travel table of every pair. */
const consolidations: Partial<Record<OperationName, ConsolidationRule>> = {
  consolidate_by_job_restrictions: 'job_restrictions',
  consolidate_by_route_assignments: 'route_assignments',
};

/**
 * Runs a task operation on a validated request; called inside the operation thread. Travel between
 * the problem's places is computed once per travel class of its routes (vehicle type, avoided
 * ferries, tolls, U-turns), through `provider`; places it could not route (off the map) are listed
 * in `straight_line_fallback_locations`.
 * `options.aggregate` (evaluate, from `?aggregate=1` with `wait=1`) answers problem_aggregates.
 * `tuning` sets the planning search's threads and, for tests and benches, its iteration budget.
 */
export async function runOperation(
  name: string,
  request: unknown,
  options: Record<string, unknown>,
  provider: TravelProvider,
  report: (progress: OperationProgress) => void,
  tuning: SearchTuning = {},
): Promise<unknown> {
  const startedAt = Date.now();
  const consolidation = consolidations[name as OperationName];
  if (consolidation) return consolidate(request, resolveProblem(request, name as OperationName), provider, consolidation);
  const territory = territoryOperations[name as OperationName];
  if (territory) return territory(resolveProblem(request, name as OperationName), request);
  const operation = operations[name as OperationName];
  const dispatch = dispatchOperations[name as OperationName];
  if (!operation && !dispatch) throw new Error(`no operation ${name} in the engine`);
  const resolved = resolveProblem(request, name as OperationName);
  // build chooses vehicles before travel is computed: a vehicle may bring its own depot and travel class.
  const problem = name === 'build' ? assignVehicles(resolved) : resolved;
  const travel = await problemTravelTable(problem, provider);
  const result = dispatch ? await dispatch(problem, travel, throttledProgress(report), startedAt) : undefined;
  const planned = operation ? await operation(problem, travel, throttledProgress(report), startedAt, tuning) : undefined;
  const fallback = travel.fallbackPoints();
  const flag = fallback.length ? { straight_line_fallback_locations: fallback.map(formatLatLon) } : {};
  if (!planned) return shapeDispatchResult(request, name as OperationName, problem, { ...result!, ...flag });
  const response = { ...planned, routes: await withRoutePaths(problem, provider, withStopRestrictions(problem, travel, planned.routes)) };
  return shapeResult(request, name as OperationName, problem, { ...response, ...flag }, { aggregate: name === 'evaluate' && options.aggregate === true });
}
