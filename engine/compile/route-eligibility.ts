import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { jobMayServe } from '../evaluate/job-rules.js';
import type { RouteSettings } from '../evaluate/route-settings.js';
import { routeStaticViolations } from '../evaluate/route-rules.js';

/**
 * Which routes may serve each job without a hard violation that no order can avoid, by the
 * evaluator's own rules (dates, route/driver/vehicle attributes, required and forbidden drivers,
 * depot attributes, zones; a route with a route-level violation such as a missing vehicle serves
 * nothing). Only jobs with some route refused are listed; the lists hold route positions.
 */
export function allowedRoutes(
  problem: ResolvedProblem,
  routes: readonly ResolvedRoute[],
  settings: readonly RouteSettings[],
  jobs: readonly ResolvedJob[],
): Map<number, number[]> {
  const usable = routes.map((route, r) => routeStaticViolations(problem, route, settings[r]!, {}).length === 0);
  const allowed = new Map<number, number[]>();
  jobs.forEach((job, j) => {
    const list = routes.flatMap((route, r) => (usable[r] && jobMayServe(problem, job, route, settings[r]!, {}) ? [r] : []));
    if (list.length < routes.length) allowed.set(j, list);
  });
  return allowed;
}
