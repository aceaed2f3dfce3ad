import type { JobPull } from '../core/compiled/job-pull.js';
import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { centroidPull, centroidPullCost, eastKm, northKm } from '../evaluate/centroid-pull.js';

export interface CompiledPull {
  pull: JobPull;
  /** The largest pull any job has on any route: leaving a job out must cost more than this. */
  maxJobCost: number;
}

/**
 * The solver core's form of the driver-centroid pull for compiled vehicle types (`routes[t]`
 * stands for type t) and `jobs` (nodes 0..jobs.length-1 of `nodeCount`), or undefined when no
 * route pulls. Coordinates are relative to the first centroid so the core's sums of squares stay
 * small.
 */
export function compilePull(
  problem: ResolvedProblem,
  routes: readonly ResolvedRoute[],
  jobs: readonly ResolvedJob[],
  nodeCount: number,
): CompiledPull | undefined {
  const pulls = routes.map((route) => centroidPull(problem, route));
  const reference = pulls.find((pull) => pull !== undefined)?.centroid;
  if (reference === undefined) return undefined;
  const north = (lat: number): number => northKm(lat) - northKm(reference.lat);
  const east = (lon: number): number => eastKm(lon) - eastKm(reference.lon);
  const pull: JobPull = {
    north: new Float64Array(nodeCount),
    east: new Float64Array(nodeCount),
    weight: Float64Array.from(pulls, (p) => p?.weight ?? 0),
    centreNorth: Float64Array.from(pulls, (p) => (p === undefined ? 0 : north(p.centroid.lat))),
    centreEast: Float64Array.from(pulls, (p) => (p === undefined ? 0 : east(p.centroid.lon))),
    eastScale: Float64Array.from(pulls, (p) => p?.eastScale ?? 1),
  };
  let maxJobCost = 0;
  jobs.forEach((job, node) => {
    const location = job.location!.location;
    pull.north[node] = north(location.lat);
    pull.east[node] = east(location.lon);
    for (const p of pulls) if (p !== undefined) maxJobCost = Math.max(maxJobCost, centroidPullCost(p, location));
  });
  return { pull, maxJobCost };
}
