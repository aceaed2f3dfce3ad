import type { TravelMatrix, TravelOptions, TravelPath, TravelPoint, TravelProvider } from '../travel.js';
import type { RoadGraph } from './road-graph.js';
import { RoadRouter } from './road-router.js';
import type { StreetLocator } from '../street-positions.js';
import { RoadStreetLocator } from './street-locator.js';

/**
 * The `road` travel provider: the built-in road network (OpenStreetMap data, © OpenStreetMap
 * contributors, ODbL). Pairs it cannot route are straight-line estimates, marked in `fallback`.
 */
export function createRoadProvider(
  graph: RoadGraph,
): TravelProvider & StreetLocator & { path(stops: readonly TravelPoint[], options?: TravelOptions): Promise<TravelPath> } {
  const router = new RoadRouter(graph);
  const streets = new RoadStreetLocator(router);
  return {
    name: 'road',
    matrix: async (points: readonly TravelPoint[], options?: TravelOptions): Promise<TravelMatrix> => router.matrix(points, options),
    legSearch: (points: readonly TravelPoint[], options?: TravelOptions) => router.legSearch(points, options),
    path: async (stops: readonly TravelPoint[], options?: TravelOptions): Promise<TravelPath> => router.path(stops, options),
    streetPositions: (points: readonly TravelPoint[], options?: TravelOptions) => streets.streetPositions(points, options),
  };
}
