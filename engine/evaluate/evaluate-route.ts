import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { RouteResponse } from '../../model/types/responses.js';
import { CompiledRoute } from './compiled-route.js';
import type { RouteContext } from './route-context.js';
import { routeResponse } from './route-response.js';
import { timeRoute, TimelineResult, type TimelineTrace } from './timeline.js';
import type { TravelTable } from './travel-table.js';

/** What a route costs and breaks, with its response; searches compare `internalCost`. */
export interface RouteEvaluation {
  response: RouteResponse;
  cost: number;
  internalCost: number;
  distanceMeters: number;
  drivingSeconds: number;
  workingSeconds: number;
  violations: number;
}

/**
 * Schedules the jobs of a route in the given order (the order is kept): depot or overnight stops,
 * drives, waits for time windows, breaks, linked exits; then prices it and lists its violations.
 */
export function evaluateRoute(
  problem: ResolvedProblem,
  route: ResolvedRoute,
  jobs: readonly ResolvedJob[],
  travel: TravelTable,
  context: RouteContext = {},
): RouteEvaluation {
  const compiled = new CompiledRoute(problem, route, jobs, travel, context);
  const result = new TimelineResult();
  const trace: TimelineTrace = { stops: [], routeViolations: [] };
  timeRoute(compiled, Int32Array.from(jobs.keys()), jobs.length, result, trace);
  const response = routeResponse(compiled, trace, result);
  const violations = trace.routeViolations.length + trace.stops.reduce((sum, stop) => sum + stop.violations.length, 0);
  return {
    response,
    cost: result.cost,
    internalCost: result.internalCost,
    distanceMeters: result.distance,
    drivingSeconds: result.driving,
    workingSeconds: result.working,
    violations,
  };
}
