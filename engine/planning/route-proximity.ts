import type { LatLon } from '../../model/latlon.js';
import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { RoutePlan } from '../compile/solution-mapping.js';

/** The places a route passes: its start and end, then its planned stops, as lat, lon pairs. */
function routePlaces(problem: ResolvedProblem, route: ResolvedRoute, order: readonly number[]): Float64Array {
  const places: LatLon[] = [];
  for (const marker of [route.start_location, route.location, route.end_location]) if (marker !== undefined) places.push(marker.location);
  for (const job of order) {
    const location = problem.jobs[job]!.location;
    if (location !== undefined) places.push(location.location);
  }
  const flat = new Float64Array(2 * places.length);
  places.forEach((place, k) => {
    flat[2 * k] = place.lat;
    flat[2 * k + 1] = place.lon;
  });
  return flat;
}

/**
 * The routes of a plan ordered by how close each passes to a job, by straight line (the nearest of
 * its start, end and planned stops): the ones a job is most likely to fit on, so that a probe of a
 * few of them stands for all. Cheap next to a probe: one distance per planned stop of the routes
 * asked about, no travel table.
 */
export class RouteProximity {
  private readonly places: Map<ResolvedRoute, Float64Array>;

  constructor(
    private readonly problem: ResolvedProblem,
    plan: RoutePlan,
    routes: readonly ResolvedRoute[],
  ) {
    this.places = new Map(routes.map((route) => [route, routePlaces(problem, route, plan.get(route) ?? [])]));
  }

  /**
   * The `count` routes of `routes` that pass nearest `job`, nearest first (all of them when there
   * are no more; in their given order when the job or a route has no place).
   */
  nearest(job: number, routes: readonly ResolvedRoute[], count: number): ResolvedRoute[] {
    if (routes.length <= count) return [...routes];
    const at = this.problem.jobs[job]!.location?.location;
    if (at === undefined) return routes.slice(0, count);
    // Equirectangular: exact enough to rank routes within a city or a region.
    const shrink = Math.cos((at.lat * Math.PI) / 180);
    const ranked = routes.map((route, index) => {
      const places = this.places.get(route)!;
      let nearest = Infinity;
      for (let k = 0; k < places.length; k += 2) {
        const dLat = places[k]! - at.lat;
        const dLon = (places[k + 1]! - at.lon) * shrink;
        nearest = Math.min(nearest, dLat * dLat + dLon * dLon);
      }
      return { route, index, nearest };
    });
    ranked.sort((a, b) => a.nearest - b.nearest || a.index - b.index);
    return ranked.slice(0, count).map(({ route }) => route);
  }
}
