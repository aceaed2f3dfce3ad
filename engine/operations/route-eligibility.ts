import { dayOfWeek } from '../../model/formats/date.js';
import type { ResolvedJob, ResolvedRoute } from '../../model/resolve.js';

function hasAll(have: readonly string[] | undefined, need: readonly string[] | undefined): boolean {
  return (need ?? []).every((a) => (have ?? []).includes(a));
}

function hasNone(have: readonly string[] | undefined, banned: readonly string[] | undefined): boolean {
  return !(banned ?? []).some((a) => (have ?? []).includes(a));
}

/** Whether the job's date rules admit the route's date. */
export function dateAllows(job: ResolvedJob, route: ResolvedRoute): boolean {
  const constrained = job.date !== undefined || job.allowed_dates !== undefined || job.allowed_days_of_week != null;
  if (!constrained) return true;
  if (route.date === undefined) return false;
  if (job.date !== undefined && (route.date < job.date - (job.allowed_variance_before ?? 0) || route.date > job.date + (job.allowed_variance_after ?? 0))) return false;
  if (job.allowed_dates !== undefined && !job.allowed_dates.includes(route.date)) return false;
  if (job.allowed_days_of_week != null && !job.allowed_days_of_week.includes(dayOfWeek(route.date))) return false;
  return true;
}

/**
 * The route-independent-of-order rules a job must meet to go on a route: dates, attributes of
 * route, driver and vehicle, required and forbidden drivers.
 */
export function routeAllows(job: ResolvedJob, route: ResolvedRoute): boolean {
  const driver = route.driver;
  const vehicle = route.vehicle;
  return (
    dateAllows(job, route) &&
    hasAll(route.route_attributes, job.required_route_attributes) &&
    hasNone(route.route_attributes, job.disallowed_route_attributes) &&
    hasAll(driver?.attributes, job.required_driver_attributes) &&
    hasNone(driver?.attributes, job.disallowed_driver_attributes) &&
    hasAll(vehicle?.attributes, job.required_vehicle_attributes) &&
    (job.required_driver === undefined || job.required_driver.id === driver?.id) &&
    !(job.forbidden_drivers ?? []).some((d) => d.id === driver?.id)
  );
}
