import { MAX_LOAD_DIMENSIONS } from '../core/compiled/compiled-instance.js';
import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { addJobAmounts, loadMetrics, routeCapacities } from '../evaluate/loads.js';
import type { RouteSettings } from '../evaluate/route-settings.js';

/** The core's load dimensions: the metrics some route limits, then the job count when a route caps it. */
export interface LoadDimensions {
  count: number;
  /** Per job, one amount per dimension. */
  demand(job: ResolvedJob): number[];
  /** Per route (by its index in the compiled routes), one capacity per dimension (Infinity = unlimited). */
  capacity(route: number): number[];
  /** Some limit could not get a dimension of its own. */
  truncated: boolean;
  /** Some job picks up (a negative amount) in a limited metric. */
  pickups: boolean;
}

/**
 * Chooses the dimensions for a set of routes and jobs. A pickup counts as its absolute amount: the
 * evaluator's peak load (deliveries aboard from the start, pickups added on the way) never exceeds
 * the sum of absolute amounts, so a core route within capacity is within it for the evaluator too.
 */
export function loadDimensions(
  problem: ResolvedProblem,
  routes: readonly ResolvedRoute[],
  jobs: readonly ResolvedJob[],
  settings: readonly RouteSettings[],
): LoadDimensions {
  const metrics = loadMetrics(problem);
  const m = metrics.size;
  const capacities = routes.map((route) => routeCapacities(route, metrics));
  const limited = Array.from({ length: m }, (_, k) => k).filter((k) => capacities.some((c) => c[k] !== Infinity));
  const countsJobs = settings.some((s) => s.maxJobs !== undefined);
  const wanted = limited.length + (countsJobs ? 1 : 0);
  const kept = limited.slice(0, countsJobs ? MAX_LOAD_DIMENSIONS - 1 : MAX_LOAD_DIMENSIONS);
  const amounts = new Float64Array(m);
  const amountsOf = (job: ResolvedJob): Float64Array => {
    amounts.fill(0);
    addJobAmounts(job, metrics, amounts, 0);
    return amounts;
  };
  const pickups = jobs.some((job) => {
    const a = amountsOf(job);
    return kept.some((k) => a[k]! < 0);
  });
  return {
    count: kept.length + (countsJobs ? 1 : 0),
    truncated: wanted > MAX_LOAD_DIMENSIONS,
    pickups,
    demand(job) {
      const a = amountsOf(job);
      const row = kept.map((k) => Math.abs(a[k]!));
      if (countsJobs) row.push(1);
      return row;
    },
    capacity(route) {
      const c = capacities[route]!;
      const row = kept.map((k) => c[k]!);
      if (countsJobs) row.push(settings[route]!.maxJobs ?? Infinity);
      return row;
    },
  };
}
