import type { ResolvedDriver, ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ViolationType } from '../../model/types/violation.js';
import { jobRouteViolations } from '../evaluate/job-rules.js';
import { routeSettings, type RouteSettings } from '../evaluate/route-settings.js';

/** What a driver without routes cannot be judged on: the route's date and attributes are unknown. */
const UNKNOWN_WITHOUT_ROUTE = new Set<ViolationType>([
  'job_missed_date_window',
  'job_delivered_on_disallowed_day',
  'missing_route_attributes',
  'disallowed_route_attributes',
]);

interface Candidate {
  route: ResolvedRoute;
  settings: RouteSettings;
  /** Violation types that do not count against this route. */
  ignored: ReadonlySet<ViolationType>;
}

function mayServeOn(problem: ResolvedProblem, job: ResolvedJob, candidate: Candidate): boolean {
  return jobRouteViolations(problem, job, candidate.route, candidate.settings, {}).every((violation) =>
    candidate.ignored.has(violation.type),
  );
}

/**
 * For each job of `jobs`, the positions in `drivers` of the drivers that may serve it by the
 * evaluator's rules: on one of the driver's routes (route.driver) without a hard
 * violation that no order avoids — dates, route, driver and vehicle attributes, required and
 * forbidden drivers, zones. A driver on no route is judged on a route of its own with its
 * locations, leaving out what only a route would decide (dates, route attributes).
 */
export function eligibleDrivers(problem: ResolvedProblem, drivers: readonly ResolvedDriver[], jobs: readonly ResolvedJob[]): Int32Array[] {
  const none = new Set<ViolationType>();
  const candidate = (route: ResolvedRoute, ignored: ReadonlySet<ViolationType>): Candidate => ({
    route,
    settings: routeSettings(problem, route),
    ignored,
  });
  const candidatesOf = drivers.map((driver) => {
    const routes = problem.routes.filter((route) => route.driver === driver);
    if (routes.length > 0) return routes.map((route) => candidate(route, none));
    return [candidate({ id: `${driver.id}:centroid`, index: -1, driver, jobs: [] }, UNKNOWN_WITHOUT_ROUTE)];
  });
  return jobs.map((job) => {
    const allowed: number[] = [];
    candidatesOf.forEach((candidates, d) => {
      if (candidates.some((c) => mayServeOn(problem, job, c))) allowed.push(d);
    });
    return Int32Array.from(allowed);
  });
}
