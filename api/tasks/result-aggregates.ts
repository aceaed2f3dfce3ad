import { isOperationName, OPERATIONS, resolveProblem } from '../../model/index.js';
import { readStoredResult } from '../../model/plan-result.js';
import { problemAggregates } from '../../model/problem-aggregates.js';

/**
 * problem_aggregates of a stored task result: a problem_response, or the whole problem of
 * return_request (routes carry `response` and `stops`). Undefined when the operation's result is
 * not problem-shaped.
 */
export function storedResultAggregates(operation: string, request: string, result: string): unknown {
  if (!isOperationName(operation) || !OPERATIONS[operation].problem) return undefined;
  const body = JSON.parse(result) as { routes?: unknown; unrouted_jobs?: unknown };
  if (!Array.isArray(body.routes) || !Array.isArray(body.unrouted_jobs)) return undefined;
  const { plan } = readStoredResult(body);
  return problemAggregates(resolveProblem(JSON.parse(request), operation), plan.routes, plan.unrouted_jobs.length);
}
