import { straightLineProvider } from '../../../geo/straight-line.js';
import { runOperation } from '../../../engine/operations/index.js';
import type { ProblemResponse } from '../../../model/types/responses.js';
import type { SearchTuning } from '../../../engine/planning/search-budget.js';

/** Runs a task operation the way the operation thread does, with straight-line travel (`tuning`: threads, iteration budget). */
export async function operate(
  name: 'build' | 'optimize' | 'sequence' | 'evaluate',
  body: unknown,
  tuning: SearchTuning = {},
): Promise<ProblemResponse> {
  return (await runOperation(name, body, {}, straightLineProvider, () => undefined, tuning)) as ProblemResponse;
}

/** Every violation of a response that is hard for its settings (all but missed windows when they are soft). */
export function hardViolations(response: ProblemResponse, settings: { time_windows_as_hard_constraint?: boolean } = {}): string[] {
  const hardWindows = settings.time_windows_as_hard_constraint ?? true;
  return response.routes
    .flatMap((route) => [...route.violations, ...(route.stops ?? []).flatMap((stop) => stop.violations)])
    .map((violation) => violation.type)
    .filter((type) => hardWindows || type !== 'job_missed_time_window');
}

/** Job ids per route, in order. */
export function jobsByRoute(response: ProblemResponse): Map<string, string[]> {
  return new Map(
    response.routes.map((route) => [route.id, (route.stops ?? []).filter((stop) => stop.type === 'job').map((stop) => stop.id)]),
  );
}

export const totalCost = (response: ProblemResponse): number => response.routes.reduce((sum, route) => sum + route.cost, 0);
export const totalInternalCost = (response: ProblemResponse): number =>
  response.routes.reduce((sum, route) => sum + route.internal_cost, 0);
