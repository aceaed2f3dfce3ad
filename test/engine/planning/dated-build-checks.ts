import type { ProblemResponse } from '../../../model/types/responses.js';

/**
 * Asserts that a built plan has no violation and puts every routed job on a route of one of its
 * allowed dates; answers how many jobs are routed.
 */
export function expectRoutedOnAllowedDates(body: Record<string, unknown>, built: ProblemResponse): number {
  const dateOf = new Map((body.routes as { id: string; date: string }[]).map((route) => [route.id, route.date]));
  const allowed = new Map((body.jobs as { id: string; allowed_dates: string[] }[]).map((job) => [job.id, job.allowed_dates]));
  let routed = 0;
  for (const route of built.routes) {
    expect(route.violations).toEqual([]);
    for (const stop of route.stops ?? []) {
      if (stop.type !== 'job') continue;
      routed++;
      expect(stop.violations).toEqual([]);
      expect(allowed.get(stop.id)).toContain(dateOf.get(route.id));
    }
  }
  return routed;
}
