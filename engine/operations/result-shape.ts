import { echoCanonical } from '../../model/echo.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import type { ProblemAggregates, ProblemResponse, RouteResponse, StopResponse } from '../../model/types/responses.js';
import { problemAggregates } from '../../model/problem-aggregates.js';
import { withStopRestrictions } from './assignment-restrictions.js';
import type { OperationInput } from './operation.js';
import { fallbackFlag } from './fallback-flag.js';
import { withRoutePaths } from './route-paths.js';

type JsonObject = Record<string, unknown>;

/** A calculated stop as a request `stop`: its calculated values stay (they are ignored on input) plus the reference it names. */
function requestStop(problem: ResolvedProblem, route: JsonObject, stop: StopResponse): JsonObject {
  const breaks = Array.isArray(route.breaks) ? (route.breaks as JsonObject[]) : [];
  if (stop.type === 'depot' && problem.depotsById.has(stop.id)) return { ...stop, depot: stop.id };
  if (stop.type === 'break' && breaks.some((b) => b.id === stop.id)) return { ...stop, break: stop.id };
  return { ...stop };
}

/**
 * The whole request problem with the calculated values merged in: canonical form (so
 * inline jobs sit in the top-level jobs and routes name them by id), each route's jobs in the
 * planned order, its stops in `route.stops`, the rest of its route_response in `route.response`,
 * and the unrouted jobs.
 */
export function fullProblemResponse(canonical: JsonObject, response: ProblemResponse, problem: ResolvedProblem): JsonObject {
  const full = echoCanonical(canonical);
  const byId = new Map<string, RouteResponse>(response.routes.map((route) => [route.id, route]));
  const routes = Array.isArray(full.routes) ? (full.routes as JsonObject[]) : [];
  full.routes = routes.map((route) => {
    const calculated = byId.get(route.id as string);
    if (calculated === undefined) return route;
    const { stops = [], ...routeResponse } = calculated;
    const jobIds = stops.filter((stop) => stop.type === 'job').map((stop) => stop.job ?? stop.id);
    // The chain as planned (build makes its own), so that sending the problem back keeps it.
    const { has_next_multiday_day: _chained, ...unchained } = route;
    return {
      ...unchained,
      ...(calculated.next_multiday_day !== undefined ? { has_next_multiday_day: true } : {}),
      // The vehicle build chose, so that sending the problem back keeps it.
      ...(route.vehicle === undefined && calculated.vehicle !== undefined ? { vehicle: calculated.vehicle } : {}),
      ...(jobIds.length > 0 || route.jobs !== undefined ? { jobs: jobIds } : {}),
      stops: stops.map((stop) => requestStop(problem, route, stop)),
      response: routeResponse,
    };
  });
  // Base dates the solve chose go where later requests read them.
  const baseDates = new Map((response.schedules ?? []).map((schedule) => [schedule.id, schedule.base_date]));
  if (baseDates.size > 0 && Array.isArray(full.schedules)) {
    full.schedules = (full.schedules as JsonObject[]).map((schedule) => {
      const baseDate = baseDates.get(schedule.id as string);
      return baseDate === undefined ? schedule : { ...schedule, base_date: baseDate };
    });
  }
  full.unrouted_jobs = response.unrouted_jobs;
  return full;
}

/**
 * What a problem operation answers: with `aggregate` (evaluate with aggregate=1) the
 * problem_aggregates; else with return_request the whole problem; else the problem_response.
 */
export function shapeResult(
  canonical: JsonObject,
  problem: ResolvedProblem,
  response: ProblemResponse,
  options: { aggregate: boolean },
): ProblemResponse | ProblemAggregates | JsonObject {
  if (options.aggregate) return problemAggregates(problem, response.routes, response.unrouted_jobs.length);
  if (problem.return_request) return fullProblemResponse(canonical, response, problem);
  return response;
}

/**
 * The stored result of an operation that plans routes: stop restrictions and route paths when the
 * settings ask for them, the fallback locations, then the shape of shapeResult.
 */
export async function plannedResult(
  planned: ProblemResponse,
  input: OperationInput<'matrix'>,
  aggregate = false,
): Promise<ProblemResponse | ProblemAggregates | JsonObject> {
  const { canonical, problem, travel, provider } = input;
  const routes = await withRoutePaths(problem, provider, withStopRestrictions(problem, travel, planned.routes));
  return shapeResult(canonical, problem, { ...planned, routes, ...fallbackFlag(travel) }, { aggregate });
}
