import { isWholeProblem, plannedJobIds } from '../model/plan-result.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

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
export function plannedProblem(request: Json, result: Json): Json {
  if (isWholeProblem(result)) return result;
  const resultRoutes = Array.isArray(result.routes) ? result.routes.filter(isObject) : [];
  const requestRoutes = Array.isArray(request.routes) ? request.routes.filter(isObject) : [];
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
