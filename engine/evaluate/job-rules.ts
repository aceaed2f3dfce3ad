import { dayOfWeek, formatDate } from '../../model/formats/date.js';
import type { ResolvedJob, ResolvedMarker, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { Violation, ViolationType } from '../../model/types/violation.js';
import type { RouteContext } from './route-context.js';
import type { RouteSettings } from './route-settings.js';
import { scheduleDatesOf } from './schedule-dates.js';
import { zonesOfJob } from './zones.js';

/**
 * Takes each violation a rule finds. Its details are built only when asked for: eligibility checks
 * run for every job on every route (2.5 million pairs on a 10,000-job week), most of them
 * refused by date, and want only whether anything was found.
 */
type Report = (type: ViolationType, details: () => Violation['data']) => void;

const NONE: readonly string[] = [];

function missing(have: readonly string[] | undefined, need: readonly string[] | undefined): readonly string[] {
  if (need === undefined || need.length === 0) return NONE;
  return need.filter((a) => !(have ?? []).includes(a));
}

function present(have: readonly string[] | undefined, banned: readonly string[] | undefined): readonly string[] {
  if (banned === undefined || banned.length === 0) return NONE;
  return banned.filter((a) => (have ?? []).includes(a));
}

function routeDate(date: number | undefined): { route_date?: string } {
  return date === undefined ? {} : { route_date: formatDate(date) };
}

function dateViolations(job: ResolvedJob, route: ResolvedRoute, report: Report): void {
  const date = route.date;
  if (job.date !== undefined) {
    const earliest = job.date - (job.allowed_variance_before ?? 0);
    const latest = job.date + (job.allowed_variance_after ?? 0);
    if (date === undefined || date < earliest || date > latest) {
      report('job_missed_date_window', () => ({ ...routeDate(date), earliest: formatDate(earliest), latest: formatDate(latest) }));
    }
  }
  const allowedDates = job.allowed_dates;
  const allowedDays = job.allowed_days_of_week;
  const dateRefused = allowedDates !== undefined && (date === undefined || !allowedDates.includes(date));
  const dayRefused = allowedDays != null && (date === undefined || !allowedDays.includes(dayOfWeek(date)));
  if (dateRefused || dayRefused) {
    report('job_delivered_on_disallowed_day', () => (date === undefined ? {} : { ...routeDate(date), day_of_week: dayOfWeek(date) }));
  }
}

// A schedule's job takes its dates from the schedule: its ordinal's target range and the
// schedule's days of the week (RECURRENCE.md); an ordinal out of range fits no date.
function scheduleDateViolations(problem: ResolvedProblem, job: ResolvedJob, route: ResolvedRoute, report: Report): void {
  const rule = scheduleDatesOf(problem).get(job);
  if (rule === undefined) return;
  const date = route.date;
  const range = rule.range;
  if (range === undefined || date === undefined || date < range.start || date > range.end) {
    report('job_missed_date_window', () => ({ ...routeDate(date), ...rule.bounds }));
  }
  const allowedDays = rule.allowedDaysOfWeek;
  if (allowedDays !== null && (date === undefined || !allowedDays.includes(dayOfWeek(date)))) {
    report('job_delivered_on_disallowed_day', () => (date === undefined ? {} : { ...routeDate(date), day_of_week: dayOfWeek(date) }));
  }
}

function attributeViolations(job: ResolvedJob, route: ResolvedRoute, report: Report): void {
  const check = (type: ViolationType, attributes: readonly string[]): void => {
    if (attributes.length > 0) report(type, () => ({ attributes }));
  };
  check('missing_route_attributes', missing(route.route_attributes, job.required_route_attributes));
  check('disallowed_route_attributes', present(route.route_attributes, job.disallowed_route_attributes));
  check('missing_driver_attributes', missing(route.driver?.attributes, job.required_driver_attributes));
  check('disallowed_driver_attributes', present(route.driver?.attributes, job.disallowed_driver_attributes));
  check('missing_vehicle_attributes', missing(route.vehicle?.attributes, job.required_vehicle_attributes));
}

function driverViolations(job: ResolvedJob, route: ResolvedRoute, report: Report): void {
  const driver = route.driver?.id;
  const onRoute = driver === undefined ? {} : { driver };
  if (job.required_driver !== undefined && job.required_driver.id !== driver) {
    const required = job.required_driver.id;
    report('job_required_driver', () => ({ required_driver: required, ...onRoute }));
  }
  if (driver !== undefined && (job.forbidden_drivers ?? []).some((d) => d.id === driver)) {
    report('job_forbidden_driver', () => ({ driver }));
  }
}

function depotViolations(job: ResolvedJob, first: ResolvedMarker | undefined, last: ResolvedMarker | undefined, report: Report): void {
  const pre = missing(first?.attributes, job.required_pre_job_depot_attributes);
  if (pre.length > 0) report('missing_pre_job_depot_attributes', () => ({ attributes: pre }));
  const post = missing(last?.attributes, job.required_post_job_depot_attributes);
  if (post.length > 0) report('missing_post_job_depot_attributes', () => ({ attributes: post }));
}

// A job inside zones may only be served by one of their drivers; a job outside every zone may not
// be served by a driver at all. Without zones in the problem, neither applies.
function zoneViolations(problem: ResolvedProblem, job: ResolvedJob, route: ResolvedRoute, report: Report): void {
  if (problem.zones.length === 0) return;
  const driver = route.driver;
  const zones = zonesOfJob(problem, job);
  if (zones.length > 0) {
    if (driver === undefined || !zones.some((zone) => zone.drivers.includes(driver))) {
      report('driver_not_in_zone', () => ({ zones: zones.map((zone) => zone.id), ...(driver ? { driver: driver.id } : {}) }));
    }
  } else if (driver !== undefined) {
    const id = driver.id;
    report('job_not_in_zone', () => ({ driver: id }));
  }
}

function checkJobOnRoute(
  problem: ResolvedProblem,
  job: ResolvedJob,
  route: ResolvedRoute,
  settings: RouteSettings,
  context: RouteContext,
  report: Report,
): void {
  dateViolations(job, route, report);
  scheduleDateViolations(problem, job, route, report);
  attributeViolations(job, route, report);
  driverViolations(job, route, report);
  depotViolations(job, context.firstDepot ?? settings.start, context.lastDepot ?? settings.end, report);
  zoneViolations(problem, job, route, report);
}

/**
 * All that checkJobOnRoute reads of a route and its settings when no context is given (a route
 * planned on its own), as one key: routes with the same key find the same violation types for
 * every job. `driver` stands for the route's driver object, which zones name by identity. Keep
 * it in step with the rules above.
 */
export function routeRulesKey(route: ResolvedRoute, settings: RouteSettings, driver: number): string {
  return JSON.stringify([
    route.date ?? null,
    route.route_attributes ?? null,
    driver,
    route.vehicle?.attributes ?? null,
    settings.start?.attributes ?? null,
    settings.end?.attributes ?? null,
  ]);
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
  checkJobOnRoute(problem, job, route, settings, context, (type, details) => out.push({ type, data: details() }));
  return out;
}

/** The types of what `jobRouteViolations` finds, in its order, without building their details. */
export function jobRouteViolationTypes(
  problem: ResolvedProblem,
  job: ResolvedJob,
  route: ResolvedRoute,
  settings: RouteSettings,
  context: RouteContext,
): ViolationType[] {
  const types: ViolationType[] = [];
  checkJobOnRoute(problem, job, route, settings, context, (type) => types.push(type));
  return types;
}

/** Whether `jobRouteViolations` finds nothing: the same rules, without building their details. */
export function jobMayServe(
  problem: ResolvedProblem,
  job: ResolvedJob,
  route: ResolvedRoute,
  settings: RouteSettings,
  context: RouteContext,
): boolean {
  let found = false;
  checkJobOnRoute(problem, job, route, settings, context, () => {
    found = true;
  });
  return !found;
}
