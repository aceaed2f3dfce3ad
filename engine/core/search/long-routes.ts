import type { Solution } from '../structures/solution.js';

/**
 * Jobs per route from which a plan has long routes (Solomon R2/RC2 have 12–25, R1/RC1 7–9; G&H
 * 1000 r2/rc2 about 25-35, r1/rc1 about 10). Long routes hide cheaper plans with one route more
 * and need larger ruins to change.
 */
export const LONG_ROUTE_JOBS = 12;

/** Placed jobs per used route of `solution` (all of them when no route is used). */
export function jobsPerRoute(solution: Solution): number {
  return (solution.model.instance.jobs.length - solution.unassignedCount) / Math.max(1, solution.usedRoutes());
}

/** Whether `solution`'s used routes hold LONG_ROUTE_JOBS placed jobs or more on average. */
export function longRoutes(solution: Solution): boolean {
  return jobsPerRoute(solution) >= LONG_ROUTE_JOBS;
}
