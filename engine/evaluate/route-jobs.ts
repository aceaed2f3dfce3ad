import type { ResolvedJob, ResolvedRoute } from '../../model/resolve.js';

/** A route's jobs in the given order: route.jobs, or the job stops of route.stops (full-request form). */
export function routeJobs(route: ResolvedRoute): ResolvedJob[] {
  if (route.jobs.length > 0 || route.stops === undefined) return route.jobs;
  return route.stops.flatMap((stop) => (stop.type === 'job' && stop.job !== undefined ? [stop.job] : []));
}
