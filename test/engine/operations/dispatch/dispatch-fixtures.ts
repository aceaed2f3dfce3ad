import { straightLineProvider } from '../../../../geo/straight-line.js';
import { runOperation } from '../../../../engine/operations/index.js';
import type { ProblemResponse, RouteResponse } from '../../../../model/types/responses.js';

export interface Body {
  jobs: (Record<string, unknown> & { id: string })[];
  routes: (Record<string, unknown> & { id: string; jobs: string[] })[];
  [key: string]: unknown;
}

/** Runs an operation the way the operation thread does, with straight-line travel. */
export async function run<T>(name: string, body: unknown): Promise<T> {
  return (await runOperation(name, body, {}, straightLineProvider, () => undefined)) as T;
}

/** The evaluator's response for the routes as given. */
export const evaluateBody = (body: unknown): Promise<ProblemResponse> => run<ProblemResponse>('evaluate', body);

/** The body with `job` inserted on route `routeId` before its `position`-th job (taken off any route first). */
export function withInserted(body: Body, routeId: string, position: number, job: string): Body {
  return {
    ...body,
    routes: body.routes.map((route) => {
      const jobs = route.jobs.filter((id) => id !== job);
      return route.id === routeId ? { ...route, jobs: [...jobs.slice(0, position), job, ...jobs.slice(position)] } : { ...route, jobs };
    }),
  };
}

/** The body with `job` on no route. */
export const withoutJob = (body: Body, job: string): Body => ({
  ...body,
  routes: body.routes.map((route) => ({ ...route, jobs: route.jobs.filter((id) => id !== job) })),
});

/** Violation types of routes, one entry per violation; soft windows left out when `hardOnly` and windows are soft. */
export function violationTypes(routes: readonly RouteResponse[], options: { hardOnly?: boolean; softWindows?: boolean } = {}): string[] {
  const types = routes
    .flatMap((route) => [...route.violations, ...(route.stops ?? []).flatMap((stop) => stop.violations)])
    .map((violation) => violation.type as string);
  return options.hardOnly && options.softWindows ? types.filter((type) => type !== 'job_missed_time_window') : types;
}

/** The types `after` has more of than `before` (as multisets). */
export function addedTypes(before: readonly string[], after: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const type of before) count.set(type, (count.get(type) ?? 0) + 1);
  const added = new Set<string>();
  for (const type of after) {
    const left = count.get(type) ?? 0;
    if (left > 0) count.set(type, left - 1);
    else added.add(type);
  }
  return [...added];
}

export const sum = (routes: readonly RouteResponse[], field: 'cost' | 'internal_cost' | 'distance_meters'): number =>
  routes.reduce((total, route) => total + route[field], 0);

/** Seconds of an `hh:mm:ss[.fff]` timespan, possibly negative. */
export function seconds(timespan: string): number {
  const negative = timespan.startsWith('-');
  const [h, m, s] = timespan.replace('-', '').split(':').map(Number) as [number, number, number];
  return (negative ? -1 : 1) * (h * 3600 + m * 60 + s);
}

/** Job ids per route, in order. */
export function jobOrders(response: ProblemResponse): Map<string, string[]> {
  return new Map(
    response.routes.map((route) => [route.id, (route.stops ?? []).filter((stop) => stop.type === 'job').map((stop) => stop.id)]),
  );
}
