import type { TravelOptions, TravelProvider } from '../../geo/travel.js';
import { formatLatLon, parseLatLon, type LatLon } from '../../model/latlon.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import type { RouteResponse, StopResponse } from '../../model/types/responses.js';
import { routeTravelOptions } from '../evaluate/travel-class.js';

/** Where a planned stop is: depots and overnights print it, jobs and job exits have it in the problem; breaks are nowhere of their own. */
function stopPoint(problem: ResolvedProblem, stop: StopResponse): LatLon | undefined {
  switch (stop.type) {
    case 'depot':
    case 'overnight':
      return stop.location === undefined ? undefined : parseLatLon(stop.location);
    case 'job':
      return problem.jobsById.get(stop.job ?? stop.id)?.location?.location;
    case 'job_exit':
      return problem.jobsById.get(stop.previous_job ?? stop.id)?.exit_location?.location;
    default:
      return undefined;
  }
}

/**
 * The geometry from one point to the next along the provider's roads; a straight segment when the
 * provider draws no paths, and the provider's own straight segment when a point is off its map.
 */
async function leg(provider: TravelProvider, from: LatLon, to: LatLon, options: TravelOptions): Promise<LatLon[]> {
  if (provider.path === undefined) return [from, to];
  return (await provider.path([from, to], options)).geometry;
}

/**
 * `settings.route_paths`: every stop with a place of its own gets
 * `path_to_stop`, the latlons from the previous such stop (breaks have none and are passed
 * through). The first stop of a route has nothing before it and gets none.
 */
export async function withRoutePaths(
  problem: ResolvedProblem,
  provider: TravelProvider,
  routes: RouteResponse[],
): Promise<RouteResponse[]> {
  if (problem.settings.route_paths !== true) return routes;
  const options = new Map(problem.routes.map((route) => [route.id, routeTravelOptions(problem, route)]));
  const drawn = new Map<string, LatLon[]>();
  return Promise.all(
    routes.map(async (route) => {
      if (route.stops === undefined) return route;
      const travel = options.get(route.id) ?? {};
      let previous: LatLon | undefined;
      const stops: StopResponse[] = [];
      for (const stop of route.stops) {
        const point = stopPoint(problem, stop);
        if (point === undefined || previous === undefined) {
          stops.push(stop);
          previous = point ?? previous;
          continue;
        }
        const key = `${formatLatLon(previous)}>${formatLatLon(point)}>${JSON.stringify(travel)}`;
        let geometry = drawn.get(key);
        if (geometry === undefined) {
          geometry = await leg(provider, previous, point, travel);
          drawn.set(key, geometry);
        }
        stops.push({ ...stop, path_to_stop: geometry.map(formatLatLon) });
        previous = point;
      }
      return { ...route, stops };
    }),
  );
}
