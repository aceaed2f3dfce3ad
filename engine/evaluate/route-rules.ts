import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { Violation } from '../../model/types/violation.js';
import type { RouteContext } from './route-context.js';
import type { RouteSettings } from './route-settings.js';

/** Explicit vehicles: on unless settings turn them off, by default when the problem has vehicles. */
function explicitVehicles(problem: ResolvedProblem): boolean {
  return problem.settings.enable_explicit_vehicles ?? problem.vehicles.length > 0;
}

/**
 * Route-level violations that do not depend on the job order; they count only for a route that
 * has jobs (an unused route costs and breaks nothing).
 */
export function routeStaticViolations(
  problem: ResolvedProblem,
  route: ResolvedRoute,
  settings: RouteSettings,
  context: RouteContext,
): Violation[] {
  const out: Violation[] = [];
  if (route.vehicle === undefined && explicitVehicles(problem)) out.push({ type: 'route_has_no_vehicle' });
  const requiredOfDriver = (route.vehicle?.required_driver_attributes ?? []).filter((a) => !(route.driver?.attributes ?? []).includes(a));
  if (requiredOfDriver.length > 0) out.push({ type: 'vehicle_missing_driver_attributes', data: { attributes: requiredOfDriver } });
  if (context.chainDays !== undefined && context.chainDays > settings.maxMultidayDays) {
    out.push({ type: 'multiday_limit_exceeded', data: { days: context.chainDays, max_multiday_days: settings.maxMultidayDays } });
  }
  return out;
}
