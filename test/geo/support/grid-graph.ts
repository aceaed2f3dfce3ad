import { classHierarchy } from '../../../geo/road/contraction-hierarchy.js';
import { contract } from '../../../geo/road/contract.js';
import { snapEndpoint, type Endpoint } from '../../../geo/road/endpoints.js';
import { variantKey, type RoadGraph, type VariantGraph } from '../../../geo/road/road-graph.js';
import { RoadRouter, travelVariant } from '../../../geo/road/road-router.js';
import { largestStronglyConnected } from '../../../geo/road/strongly-connected.js';
import { buildTurnGraph } from '../../../geo/road/turn-graph.js';
import { Random } from '../../../engine/core/structures/prng.js';
import type { TravelPoint } from '../../../geo/travel.js';
import { builtGrid } from './built-grid.js';
import { gridOrigin, gridSpacing } from './street-grid.js';

/** The default travel class (auto, U-turns, nothing avoided), the one `gridGraph` contracts. */
export const variant = travelVariant({});

/** The default travel class of an N × N grid, contracted on its own. */
export function gridGraph(n: number): { graph: RoadGraph; routing: VariantGraph } {
  const { network, restrictions } = builtGrid(n);
  const turnGraph = buildTurnGraph(network, restrictions[variant.profile], variant);
  const routing = {
    turnGraph,
    hierarchy: classHierarchy(contract(turnGraph).hierarchy, 0),
    snappable: largestStronglyConnected(turnGraph.nodeCount, turnGraph.first, turnGraph.target),
  };
  return { graph: { network, variants: new Map([['default', routing]]), meta: {} as RoadGraph['meta'] }, routing };
}

/** The default travel class of an N × N grid, stored under its variant key, as a RoadRouter reads a graph file. */
export function routableGridGraph(n: number): RoadGraph {
  const { graph, routing } = gridGraph(n);
  return { ...graph, variants: new Map([[variantKey(variant), routing]]) };
}

/** `count` random points of the grid that snap, as endpoints, from a fixed seed. */
export function randomEndpoints(graph: RoadGraph, routing: VariantGraph, n: number, count: number, seed: number): Endpoint[] {
  const router = new RoadRouter(graph);
  const random = new Random(seed);
  const found: Endpoint[] = [];
  while (found.length < count) {
    const point = {
      lat: gridOrigin.lat + random.nextFloat() * (n - 1) * gridSpacing,
      lon: gridOrigin.lon + random.nextFloat() * (n - 1) * gridSpacing,
    };
    const endpoint = snapEndpoint(graph, router.index, variant, routing, point);
    if (endpoint) found.push(endpoint);
  }
  return found;
}

/**
 * `count` random points of an N × N grid (from a fixed seed), then three on one street a few
 * metres apart and two far off the grid.
 */
export function gridTravelPoints(n: number, count: number, seed: number): TravelPoint[] {
  const random = new Random(seed);
  const on = Array.from({ length: count }, () => ({
    lat: gridOrigin.lat + random.nextFloat() * (n - 1) * gridSpacing,
    lon: gridOrigin.lon + random.nextFloat() * (n - 1) * gridSpacing,
  }));
  const street = { lat: gridOrigin.lat + 3 * gridSpacing, lon: gridOrigin.lon + 4.2 * gridSpacing };
  const along = [0, 0.1, 0.3].map((step) => ({ lat: street.lat, lon: street.lon + step * gridSpacing }));
  const off = [
    { lat: gridOrigin.lat - 0.5, lon: gridOrigin.lon },
    { lat: gridOrigin.lat, lon: gridOrigin.lon + 0.7 },
  ];
  return [...on, ...along, ...off];
}
