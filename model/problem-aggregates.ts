import { formatTimespan, parseTimespan } from './formats/timespan.js';
import type { ResolvedProblem } from './resolve.js';
import type { ProblemAggregates, RouteResponse } from './types/responses.js';

/**
 * `problem_aggregates` of evaluated routes: counts, totals, and the load of the routed
 * jobs per metric (a pickup counts negative; a metric a job lacks counts 0). Works from route
 * responses alone plus the request, so a stored result can be aggregated later.
 */
export function problemAggregates(problem: ResolvedProblem, routes: readonly RouteResponse[], unroutedJobs: number): ProblemAggregates {
  let assigned = 0;
  let violations = 0;
  let cost = 0;
  let internalCost = 0;
  let distance = 0;
  let driving = 0;
  let working = 0;
  let singleLoad: number | undefined;
  const loads = new Map<string, number>(problem.capacity_metrics.map((metric) => [metric.id, 0]));
  const drivers = new Set<string>();
  for (const route of routes) {
    violations += route.violations.length;
    cost += route.cost;
    internalCost += route.internal_cost;
    distance += route.distance_meters;
    driving += parseTimespan(route.driving_time) ?? 0;
    working += parseTimespan(route.working_time) ?? 0;
    let jobs = 0;
    for (const stop of route.stops ?? []) {
      violations += stop.violations.length;
      if (stop.type !== 'job') continue;
      jobs++;
      const job = problem.jobsById.get(stop.job ?? stop.id);
      if (job?.load !== undefined) singleLoad = (singleLoad ?? 0) + job.load;
      for (const amount of job?.loads ?? []) loads.set(amount.metric.id, (loads.get(amount.metric.id) ?? 0) + amount.amount);
    }
    assigned += jobs;
    const driver = problem.routesById.get(route.id)?.driver;
    if (jobs > 0 && driver !== undefined) drivers.add(driver.id);
  }
  const usesSingleLoad = problem.jobs.some((job) => job.load !== undefined);
  return {
    ...(problem.capacity_metrics.length > 0 ? { capacity_metrics: problem.capacity_metrics.map((metric) => ({ ...metric })) } : {}),
    ...(usesSingleLoad ? { load: singleLoad ?? 0 } : {}),
    ...(loads.size > 0 ? { loads: [...loads].map(([metric, amount]) => ({ metric, amount })) } : {}),
    num_assigned_jobs: assigned,
    num_unassigned_jobs: unroutedJobs,
    num_drivers_used: drivers.size,
    num_routes: routes.length,
    num_violations: violations,
    total_cost: cost,
    total_internal_cost: internalCost,
    total_distance_meters: distance,
    total_driving_time: formatTimespan(driving),
    total_working_time: formatTimespan(working),
  };
}
