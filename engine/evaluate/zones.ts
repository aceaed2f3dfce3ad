import type { LatLon } from '../../model/latlon.js';
import type { ResolvedJob, ResolvedProblem, ResolvedZone } from '../../model/resolve.js';

/**
 * Even-odd ray casting in the lon/lat plane; zones are small enough that the curvature of the
 * earth does not change which side of an edge a point is on. Points on an edge count as inside.
 */
function pointInPolygon(point: LatLon, ring: readonly LatLon[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    const cross = (b.lon - a.lon) * (point.lat - a.lat) - (b.lat - a.lat) * (point.lon - a.lon);
    const withinBox =
      Math.min(a.lon, b.lon) <= point.lon &&
      point.lon <= Math.max(a.lon, b.lon) &&
      Math.min(a.lat, b.lat) <= point.lat &&
      point.lat <= Math.max(a.lat, b.lat);
    if (cross === 0 && withinBox) return true;
    if (a.lat > point.lat !== b.lat > point.lat && point.lon < ((b.lon - a.lon) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lon) {
      inside = !inside;
    }
  }
  return inside;
}

const zonesByProblem = new WeakMap<ResolvedProblem, Map<ResolvedJob, ResolvedZone[]>>();

/** The zones a job's location lies in (computed once per job of a problem). */
export function zonesOfJob(problem: ResolvedProblem, job: ResolvedJob): ResolvedZone[] {
  let byJob = zonesByProblem.get(problem);
  if (byJob === undefined) {
    byJob = new Map();
    zonesByProblem.set(problem, byJob);
  }
  let zones = byJob.get(job);
  if (zones === undefined) {
    const location = job.location?.location;
    zones = location === undefined ? [] : problem.zones.filter((zone) => pointInPolygon(location, zone.boundary));
    byJob.set(job, zones);
  }
  return zones;
}
