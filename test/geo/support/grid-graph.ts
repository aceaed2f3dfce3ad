import { classHierarchy } from '../../../geo/road/contraction-hierarchy.js';
import { contract } from '../../../geo/road/contract.js';
import { snapEndpoint, type Endpoint } from '../../../geo/road/endpoints.js';
import type { RoadGraph, VariantGraph } from '../../../geo/road/road-graph.js';
import { RoadRouter, travelVariant } from '../../../geo/road/road-router.js';
import { largestStronglyConnected } from '../../../geo/road/strongly-connected.js';
import { buildTurnGraph } from '../../../geo/road/turn-graph.js';
import { Random } from '../../../engine/core/structures/prng.js';
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
