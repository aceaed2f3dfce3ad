import { isJsonObject, ownValue, type JsonObject } from '../json.js';
import { applyArrayDelta, arrayOperation } from './array-delta.js';

const routeJobOperations = ['replace', 'insert', 'remove'] as const;

function jobId(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const id = isJsonObject(value) ? ownValue(value, 'id') : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** Removes the jobs from every route's jobs and job stops (a full-request response lists them in both). */
function takeOffRoutes(routes: unknown[], ids: Set<string>): void {
  for (const route of routes) {
    if (!isJsonObject(route)) continue;
    const jobs = ownValue(route, 'jobs');
    if (Array.isArray(jobs)) route.jobs = jobs.filter((job) => !ids.has(jobId(job) as string));
    const stops = ownValue(route, 'stops');
    if (Array.isArray(stops))
      route.stops = stops.filter((stop) => !(isJsonObject(stop) && ids.has(jobId(ownValue(stop, 'job')) as string)));
  }
}

/**
 * The array delta on `["routes", {"id"}, "jobs"]` (replace, insert, remove). Every job it names is
 * first taken off wherever it is, on any route, so the delta moves jobs and never puts one job on
 * two routes; an insert index counts the route's jobs after that. A missing route: no change.
 */
export function applyRouteJobsDelta(problem: JsonObject, routeId: string, delta: JsonObject, path: string): void {
  const routes = ownValue(problem, 'routes');
  const route = Array.isArray(routes) ? routes.find((candidate) => isJsonObject(candidate) && candidate.id === routeId) : undefined;
  const operation = arrayOperation(delta, path, routeJobOperations);
  if (!isJsonObject(route)) return;
  const values = ownValue(delta, operation);
  const ids = new Set((Array.isArray(values) ? values : []).map(jobId).filter((id): id is string => id !== undefined));
  takeOffRoutes(routes as unknown[], ids);
  route.jobs = applyArrayDelta(ownValue(route, 'jobs'), delta, path, routeJobOperations);
}
