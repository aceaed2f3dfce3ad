import { dayOfWeek, formatDate } from '../../model/formats/date.js';
import type { ResolvedJob, ResolvedMarker, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { Violation } from '../../model/types/violation.js';
import type { RouteContext } from './route-context.js';
import type { RouteSettings } from './route-settings.js';
import { scheduleDatesOf } from './schedule-dates.js';
import { zonesOfJob } from './zones.js';

function missing(have: readonly string[] | undefined, need: readonly string[] | undefined): string[] {
  return (need ?? []).filter((a) => !(have ?? []).includes(a));
}

function present(have: readonly string[] | undefined, banned: readonly string[] | undefined): string[] {
  return (banned ?? []).filter((a) => (have ?? []).includes(a));
}

// Formatted only for a violation: the checks run for every job of every route evaluated.
function routeDate(date: number | undefined): { route_date?: string } {
  return date === undefined ? {} : { route_date: formatDate(date) };
}

function dateViolations(job: ResolvedJob, route: ResolvedRoute, out: Violation[]): void {
  const date = route.date;
  if (job.date !== undefined) {
    const earliest = job.date - (job.allowed_variance_before ?? 0);
    const latest = job.date + (job.allowed_variance_after ?? 0);
    if (date === undefined || date < earliest || date > latest) {
      out.push({
        type: 'job_missed_date_window',
        data: { ...routeDate(date), earliest: formatDate(earliest), latest: formatDate(latest) },
      });
    }
  }
  const allowedDates = job.allowed_dates;
  const allowedDays = job.allowed_days_of_week;
  const dateRefused = allowedDates !== undefined && (date === undefined || !allowedDates.includes(date));
  const dayRefused = allowedDays != null && (date === undefined || !allowedDays.includes(dayOfWeek(date)));
  if (dateRefused || dayRefused) {
    out.push({
      type: 'job_delivered_on_disallowed_day',
      data: date === undefined ? {} : { ...routeDate(date), day_of_week: dayOfWeek(date) },
    });
  }
}

// A schedule's job takes its dates from the schedule: its ordinal's target range and the
// schedule's days of the week (RECURRENCE.md); an ordinal out of range fits no date.
function scheduleDateViolations(problem: ResolvedProblem, job: ResolvedJob, route: ResolvedRoute, out: Violation[]): void {
  const rule = scheduleDatesOf(problem).get(job);
  if (rule === undefined) return;
  const date = route.date;
  const range = rule.range;
  if (range === undefined || date === undefined || date < range.start || date > range.end) {
    out.push({ type: 'job_missed_date_window', data: { ...routeDate(date), ...rule.bounds } });
  }
  const allowedDays = rule.allowedDaysOfWeek;
  if (allowedDays !== null && (date === undefined || !allowedDays.includes(dayOfWeek(date)))) {
    out.push({
      type: 'job_delivered_on_disallowed_day',
      data: date === undefined ? {} : { ...routeDate(date), day_of_week: dayOfWeek(date) },
    });
  }
}

function attributeViolations(job: ResolvedJob, route: ResolvedRoute, out: Violation[]): void {
  const checks: [Violation['type'], string[]][] = [
    ['missing_route_attributes', missing(route.route_attributes, job.required_route_attributes)],
    ['disallowed_route_attributes', present(route.route_attributes, job.disallowed_route_attributes)],
    ['missing_driver_attributes', missing(route.driver?.attributes, job.required_driver_attributes)],
    ['disallowed_driver_attributes', present(route.driver?.attributes, job.disallowed_driver_attributes)],
    ['missing_vehicle_attributes', missing(route.vehicle?.attributes, job.required_vehicle_attributes)],
  ];
  for (const [type, attributes] of checks) {
    if (attributes.length > 0) out.push({ type, data: { attributes } });
  }
}

function driverViolations(job: ResolvedJob, route: ResolvedRoute, out: Violation[]): void {
  const driver = route.driver?.id;
  const onRoute = driver === undefined ? {} : { driver };
  if (job.required_driver !== undefined && job.required_driver.id !== driver) {
    out.push({ type: 'job_required_driver', data: { required_driver: job.required_driver.id, ...onRoute } });
  }
  if (driver !== undefined && (job.forbidden_drivers ?? []).some((d) => d.id === driver)) {
    out.push({ type: 'job_forbidden_driver', data: { driver } });
  }
}

function depotViolations(job: ResolvedJob, first: ResolvedMarker | undefined, last: ResolvedMarker | undefined, out: Violation[]): void {
  const pre = missing(first?.attributes, job.required_pre_job_depot_attributes);
  if (pre.length > 0) out.push({ type: 'missing_pre_job_depot_attributes', data: { attributes: pre } });
  const post = missing(last?.attributes, job.required_post_job_depot_attributes);
  if (post.length > 0) out.push({ type: 'missing_post_job_depot_attributes', data: { attributes: post } });
}

// A job inside zones may only be served by one of their drivers; a job outside every zone may not
// be served by a driver at all. Without zones in the problem, neither applies.
function zoneViolations(problem: ResolvedProblem, job: ResolvedJob, route: ResolvedRoute, out: Violation[]): void {
  if (problem.zones.length === 0) return;
  const driver = route.driver;
  const zones = zonesOfJob(problem, job);
  if (zones.length > 0) {
    if (driver === undefined || !zones.some((zone) => zone.drivers.includes(driver))) {
      out.push({ type: 'driver_not_in_zone', data: { zones: zones.map((zone) => zone.id), ...(driver ? { driver: driver.id } : {}) } });
    }
  } else if (driver !== undefined) {
    out.push({ type: 'job_not_in_zone', data: { driver: driver.id } });
  }
}

/**
 * The violations a job has on a route whatever its place in the order: dates, attributes of
 * route, driver and vehicle, required and forbidden drivers, depot attributes, zones.
 */
export function jobRouteViolations(
  problem: ResolvedProblem,
  job: ResolvedJob,
  route: ResolvedRoute,
  settings: RouteSettings,
  context: RouteContext,
): Violation[] {
  const out: Violation[] = [];
  dateViolations(job, route, out);
  scheduleDateViolations(problem, job, route, out);
  attributeViolations(job, route, out);
  driverViolations(job, route, out);
  depotViolations(job, context.firstDepot ?? settings.start, context.lastDepot ?? settings.end, out);
  zoneViolations(problem, job, route, out);
  return out;
}
