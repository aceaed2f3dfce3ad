import type { CompiledInstance } from '../compiled/compiled-instance.js';

/** Whether two jobs have different time windows (a plan without them has every job's the same). */
export function windowsDiffer(instance: CompiledInstance): boolean {
  const first = instance.jobs[0];
  if (first === undefined) return false;
  const start = instance.timeWindowStart[first]!;
  const end = instance.timeWindowEnd[first]!;
  return instance.jobs.some((job) => instance.timeWindowStart[job] !== start || instance.timeWindowEnd[job] !== end);
}
