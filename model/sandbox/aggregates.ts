import type { Job } from '../types/job.js';
import type { Problem } from '../types/problem.js';
import type { ProblemAggregates } from '../types/responses.js';

/** Job ids a route places, in jobs or in job stops. */
function placedJobs(route: NonNullable<Problem['routes']>[number]): Set<string> {
  const placed = new Set<string>();
  for (const job of route.jobs ?? []) if (typeof job === 'string') placed.add(job);
  for (const stop of route.stops ?? []) if (typeof stop.job === 'string') placed.add(stop.job);
  return placed;
}

function addLoads(jobs: Job[], aggregates: ProblemAggregates): void {
  const single = jobs.filter((job) => typeof job.load === 'number');
  if (single.length > 0) aggregates.load = single.reduce((sum, job) => sum + job.load!, 0);
  const byMetric = new Map<string, number>();
  for (const job of jobs) {
    for (const amount of job.loads ?? []) {
      if (typeof amount.metric === 'string') byMetric.set(amount.metric, (byMetric.get(amount.metric) ?? 0) + amount.amount);
    }
  }
  if (byMetric.size > 0) aggregates.loads = [...byMetric].map(([metric, amount]) => ({ metric, amount }));
}

/**
 * problem_aggregates of a canonical problem without the calculated values (costs, distances, times,
 * violations need a solve): route count, jobs placed on a route or not, drivers of routes with jobs,
 * and the loads of the placed jobs.
 */
export function countAggregates(problem: Problem): ProblemAggregates {
  const routes = problem.routes ?? [];
  const jobs = problem.jobs ?? [];
  const assigned = new Set<string>();
  const drivers = new Set<string>();
  for (const route of routes) {
    const placed = placedJobs(route);
    placed.forEach((id) => assigned.add(id));
    if (placed.size > 0 && typeof route.driver === 'string') drivers.add(route.driver);
  }
  const aggregates: ProblemAggregates = {
    num_assigned_jobs: assigned.size,
    num_unassigned_jobs: jobs.filter((job) => !assigned.has(job.id)).length,
    num_drivers_used: drivers.size,
    num_routes: routes.length,
  };
  addLoads(
    jobs.filter((job) => assigned.has(job.id)),
    aggregates,
  );
  return aggregates;
}
