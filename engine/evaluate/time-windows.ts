import type { ResolvedJob, ResolvedTimeWindow } from '../../model/resolve.js';

/** A job's windows (its own first window, else its type's default; then time_window2), sorted by start. */
export function jobTimeWindows(job: ResolvedJob): ResolvedTimeWindow[] {
  const first = job.time_window ?? job.type?.default_time_window;
  return [first, job.time_window2].filter((w): w is ResolvedTimeWindow => w !== undefined).sort((a, b) => a.start - b.start);
}

/** Service duration: the job's own, else its type's default, else none. */
export function jobTimeOnSite(job: ResolvedJob): number {
  return job.time_on_site ?? job.type?.default_time_on_site ?? 0;
}
