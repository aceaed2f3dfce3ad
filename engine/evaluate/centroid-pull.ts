import type { ResolvedMarker, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';

/** Mean earth radius (km), as the straight-line provider uses. */
const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

/**
 * US$ per km² of squared distance between a job and its route's driver centroid. `high` keeps
 * routes to the jobs near their centroid (a job 5 km out costs 25 US$, a 15-minute detour); `low`
 * only breaks near-ties between routes.
 */
export const CENTROID_PULL_WEIGHTS = { high: 1, low: 0.1 } as const;

/** The soft pull of one route's jobs toward its driver's centroid. */
export interface CentroidPull {
  centroid: { lat: number; lon: number };
  /** US$ per km². */
  weight: number;
  /** cos² of the centroid's latitude: east-west degrees are shorter than north-south ones there. */
  eastScale: number;
}

/**
 * Whether builds follow driver centroids (notes §6.11): `centroid` does, `natural` does not, and
 * `automatic` (the default) does whenever a driver has one.
 */
export function followsCentroids(problem: ResolvedProblem): boolean {
  return (problem.settings.clustering ?? 'automatic') !== 'natural';
}

/** The pull on `route`'s jobs, or undefined when it has none (no driver, no centroid, or clustering `natural`). */
export function centroidPull(problem: ResolvedProblem, route: ResolvedRoute): CentroidPull | undefined {
  const centroid: ResolvedMarker | undefined = route.driver?.centroid;
  if (centroid === undefined || !followsCentroids(problem)) return undefined;
  const weight = CENTROID_PULL_WEIGHTS[problem.settings.centroid_strength ?? 'high'];
  const cos = Math.cos(centroid.location.lat * RADIANS);
  return { centroid: centroid.location, weight, eastScale: cos * cos };
}

/** km north of latitude 0 and km east of longitude 0 along the equator: the plane the pull is measured in. */
export function northKm(lat: number): number {
  return lat * RADIANS * EARTH_RADIUS_KM;
}

export function eastKm(lon: number): number {
  return lon * RADIANS * EARTH_RADIUS_KM;
}

/**
 * What serving a job at `location` on a route with `pull` adds to its internal cost: weight × the
 * squared equirectangular distance (km²) at the centroid's latitude. The solver core prices the
 * same quantity from per-route sums of these coordinates (engine/compile/core-pull.ts).
 */
export function centroidPullCost(pull: CentroidPull, location: { lat: number; lon: number }): number {
  const north = northKm(location.lat) - northKm(pull.centroid.lat);
  const east = eastKm(location.lon) - eastKm(pull.centroid.lon);
  return pull.weight * (north * north + pull.eastScale * east * east);
}
