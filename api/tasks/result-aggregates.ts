import { isOperationName, OPERATIONS, resolveProblem, type RouteResponse } from '../../model/index.js';
import { problemAggregates } from '../../model/problem-aggregates.js';

type StoredRoute = RouteResponse & { response?: RouteResponse; stops?: RouteResponse['stops'] };

/**
 * problem_aggregates of a stored task result: a problem_response, or the whole problem of
 * return_request (routes carry `response` and `stops`). Undefined when the operation's result is
 * not problem-shaped.
 */
export function storedResultAggregates(operation: string, request: string, result: string): unknown {
  if (!isOperationName(operation) || !OPERATIONS[operation].problem) return undefined;
  const body = JSON.parse(result) as { routes?: unknown; unrouted_jobs?: unknown };
  if (!Array.isArray(body.routes) || !Array.isArray(body.unrouted_jobs)) return undefined;
  const routes = (body.routes as StoredRoute[]).map((route) => (route.response === undefined ? route : { ...route.response, stops: route.stops ?? [] }));
  return problemAggregates(resolveProblem(JSON.parse(request), operation), routes, body.unrouted_jobs.length);
}
