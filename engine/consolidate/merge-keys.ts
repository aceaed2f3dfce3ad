import type { ResolvedJob, ResolvedProblem } from '../../model/resolve.js';
import { allowedRoutes } from '../compile/route-eligibility.js';
import { routeSettings } from '../evaluate/route-settings.js';
import { jobTimeWindows } from '../evaluate/time-windows.js';
import { zonesOfJob } from '../evaluate/zones.js';

/** Which consolidation: the restriction fields themselves, or the routes and vehicles they allow. */
export type ConsolidationRule = 'job_restrictions' | 'route_assignments';

const sortedSet = (values: readonly string[] | undefined): string[] => [...new Set(values ?? [])].sort();

/**
 * What any two merged jobs must share whatever the rule: one merged job has one pair of time
 * windows (the first job's, tightened by the time the chain takes), and one load per metric, so
 * the jobs use the same load field and move goods the same way (all deliveries or all pickups).
 */
function mergeableShape(job: ResolvedJob): unknown[] {
  const signs = (job.loads ?? []).map((amount) => `${amount.metric.id}:${Math.sign(amount.amount)}`).sort();
  return [
    jobTimeWindows(job).map((window) => [window.start, window.end]),
    job.load === undefined ? null : Math.sign(job.load),
    job.loads === undefined ? null : signs,
  ];
}

/**
 * consolidate_by_job_restrictions: every field that limits where or when a job
 * may be served is identical — time windows, required and forbidden drivers, route, driver and
 * vehicle attributes (required and disallowed), pre- and post-job depot attributes, the date
 * fields (date, allowed dates, days of week, variances) and the zones the job lies in. Attribute
 * and driver lists compare as sets.
 */
function restrictionKey(problem: ResolvedProblem, job: ResolvedJob): unknown[] {
  return [
    job.required_driver?.id ?? null,
    sortedSet(job.forbidden_drivers?.map((driver) => driver.id)),
    sortedSet(job.required_route_attributes),
    sortedSet(job.disallowed_route_attributes),
    sortedSet(job.required_driver_attributes),
    sortedSet(job.disallowed_driver_attributes),
    sortedSet(job.required_vehicle_attributes),
    sortedSet(job.required_pre_job_depot_attributes),
    sortedSet(job.required_post_job_depot_attributes),
    job.date ?? null,
    job.allowed_dates === undefined ? null : [...new Set(job.allowed_dates)].sort((a, b) => a - b),
    job.allowed_days_of_week == null ? null : sortedSet(job.allowed_days_of_week),
    job.allowed_variance_before ?? 0,
    job.allowed_variance_after ?? 0,
    sortedSet(zonesOfJob(problem, job).map((zone) => zone.id)),
  ];
}

/**
 * The merge key of each job under a rule: jobs merge only with jobs of the same key.
 * route_assignments compares the routes the evaluator lets serve the job (compile's route
 * eligibility) and the vehicles whose attributes it accepts.
 */
export function mergeKeys(problem: ResolvedProblem, jobs: readonly ResolvedJob[], rule: ConsolidationRule): string[] {
  if (rule === 'job_restrictions') return jobs.map((job) => JSON.stringify([mergeableShape(job), restrictionKey(problem, job)]));
  const settings = problem.routes.map((route) => routeSettings(problem, route));
  const allowed = allowedRoutes(problem, problem.routes, settings, jobs);
  const everyRoute = problem.routes.map((_, r) => r);
  return jobs.map((job, j) => {
    const vehicles = problem.vehicles
      .filter((vehicle) => (job.required_vehicle_attributes ?? []).every((attribute) => (vehicle.attributes ?? []).includes(attribute)))
      .map((vehicle) => vehicle.id);
    return JSON.stringify([mergeableShape(job), allowed.get(j) ?? everyRoute, vehicles]);
  });
}
