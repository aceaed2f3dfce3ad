import type { Problem } from './types/problem.js';
import type { ProblemResponse, RouteResponse } from './types/responses.js';

/**
 * The stored result of a planning operation, in either of its two forms: a problem_response, or
 * (with `return_request: true`) the whole problem, whose planned routes carry their jobs in the
 * planned order, their stops in `stops` and the rest of their route_response in `response`.
 */
export type StoredResult = Record<string, unknown>;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function routesOf(result: StoredResult): JsonObject[] {
  return Array.isArray(result.routes) ? result.routes.filter(isObject) : [];
}

/** Whether a stored result is the whole problem of `return_request` rather than a problem_response. */
export function isWholeProblem(result: StoredResult): boolean {
  return routesOf(result).some((route) => isObject(route.response));
}

/**
 * The plan of a stored result as a problem_response (each route_response with its stops), and the
 * problem behind it when the result is the whole problem.
 */
export function readStoredResult(result: StoredResult): { plan: ProblemResponse; problem?: Problem } {
  if (!isWholeProblem(result)) return { plan: result as unknown as ProblemResponse };
  const routes = routesOf(result).flatMap((route) =>
    isObject(route.response)
      ? [{ ...(route.response as unknown as RouteResponse), stops: (route.stops ?? []) as RouteResponse['stops'] }]
      : [],
  );
  return {
    plan: { routes, unrouted_jobs: (result.unrouted_jobs ?? []) as ProblemResponse['unrouted_jobs'] },
    problem: result as unknown as Problem,
  };
}

/** The job ids a planned route visits in driving order: `jobs` of a route of a whole problem, else its job stops (route_response). */
export function plannedJobIds(route: JsonObject): string[] {
  if (Array.isArray(route.jobs)) return route.jobs.map((job) => (typeof job === 'string' ? job : String((job as JsonObject).id)));
  const stops = Array.isArray(route.stops) ? (route.stops as JsonObject[]) : [];
  return stops.filter((stop) => isObject(stop) && stop.type === 'job').map((stop) => String(stop.job ?? stop.id));
}

/** What a plan adds up to: its routes that visit jobs, the jobs they visit, and their cost and distance. */
export interface PlanSummary {
  routes: number;
  routed: Set<string>;
  cost: number;
  distanceMeters: number;
}

export function planSummary(plan: ProblemResponse): PlanSummary {
  const routed = new Set<string>();
  let routes = 0;
  for (const route of plan.routes) {
    const jobs = plannedJobIds(route as unknown as JsonObject);
    for (const job of jobs) routed.add(job);
    if (jobs.length > 0) routes++;
  }
  const cost = plan.routes.reduce((sum, route) => sum + route.cost, 0);
  const distanceMeters = plan.routes.reduce((sum, route) => sum + route.distance_meters, 0);
  return { routes, routed, cost, distanceMeters };
}

/**
 * A whole-problem answer (`return_request: true`) as a request again: the planned job order stays,
 * the calculated values (unrouted list, route stops and responses) go.
 */
export function withoutCalculatedValues(answer: StoredResult): StoredResult {
  const { unrouted_jobs: _unrouted, return_request: _returnRequest, ...problem } = answer;
  return {
    ...problem,
    routes: routesOf(problem).map((route) => {
      const { stops: _stops, response: _response, ...plain } = route;
      return plain;
    }),
  };
}

function jobId(job: unknown): string | undefined {
  if (typeof job === 'string') return job;
  return isObject(job) && typeof job.id === 'string' ? job.id : undefined;
}

/**
 * The problem a finished build, optimize, sequence or evaluate task planned: its request with
 * each route's jobs in the order (and on the route) of the result. Inline jobs move with their
 * object, referenced jobs with their id. A result of `return_request: true` already is that
 * problem.
 */
export function plannedProblem(request: JsonObject, result: StoredResult): JsonObject {
  if (isWholeProblem(result)) return result;
  const resultRoutes = routesOf(result);
  const requestRoutes = routesOf(request);
  const inlineJobs = new Map<string, unknown>();
  for (const route of requestRoutes) {
    for (const job of Array.isArray(route.jobs) ? route.jobs : []) {
      const id = jobId(job);
      if (id !== undefined && isObject(job)) inlineJobs.set(id, job);
    }
  }
  const orders = new Map(resultRoutes.map((route) => [route.id, plannedJobIds(route)]));
  const routes = requestRoutes.map((route) => {
    const order = orders.get(route.id);
    if (order === undefined) return route;
    const { stops: _requestStops, ...rest } = route;
    return { ...rest, jobs: order.map((id) => inlineJobs.get(id) ?? id) };
  });
  return { ...request, routes };
}
