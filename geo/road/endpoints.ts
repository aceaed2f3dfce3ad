import type { TravelPoint } from '../travel.js';
import { segmentFlagNoStopping } from './profile.js';
import type { RoadGraph, VariantGraph } from './road-graph.js';
import type { SegmentIndex } from './segment-index.js';
import type { TravelVariant } from './turn-graph.js';
import { partialKey } from './weight-key.js';

/** Farther than this from any usable road, a point counts as off the map. */
export const maxSnapMeters = 1000;
/** A heading matches a road direction within this many degrees. */
const headingToleranceDegrees = 60;

/** A place on a directed segment: `along` is the fraction of it already behind. */
export interface DirectedPosition {
  directed: number;
  along: number;
}

/**
 * A point snapped to the road network, with the searches it starts: source seeds are the turn
 * graph nodes reached by driving to the end of the snapped segment and turning; target seeds
 * are the snapped segments' starts, keyed by the distance still to drive on them.
 */
export interface Endpoint {
  lat: number;
  lon: number;
  snapDistanceMeters: number;
  /** Meters from the point to the road that count as travel (`off_street`), else 0. */
  accessMeters: number;
  departures: DirectedPosition[];
  arrivals: DirectedPosition[];
  sourceNodes: Int32Array;
  sourceKeys: Float64Array;
  /** The departure segment each source seed is reached from. */
  sourceDeparture: Int32Array;
  targetNodes: Int32Array;
  targetKeys: Float64Array;
}

export function snapEndpoint(
  graph: RoadGraph,
  index: SegmentIndex,
  variant: TravelVariant,
  variantGraph: VariantGraph,
  point: TravelPoint,
): Endpoint | undefined {
  const { snappable } = variantGraph;
  const flags = graph.network.profiles[variant.profile].segmentFlags;
  const heading = point.locationType === 'vehicle' && point.heading !== undefined ? point.heading : undefined;
  const headingFits = (bearing: number): boolean => heading === undefined || angleBetween(bearing, heading) <= headingToleranceDegrees;
  const usableDirections = (segment: number, bearing: number): { forward: boolean; backward: boolean } => ({
    forward: snappable[2 * segment] === 1 && headingFits(bearing),
    backward: snappable[2 * segment + 1] === 1 && headingFits(bearing + 180),
  });
  const snap = index.nearest(point.lat, point.lon, maxSnapMeters, (segment, bearing) => {
    if (point.locationType === 'on_street' && (flags[segment]! & segmentFlagNoStopping) !== 0) return false;
    const { forward, backward } = usableDirections(segment, bearing);
    return forward || backward;
  });
  if (!snap) return undefined;

  const { forward, backward } = usableDirections(snap.segment, snap.bearing);
  const forwardPosition = { directed: 2 * snap.segment, along: snap.fraction };
  const backwardPosition = { directed: 2 * snap.segment + 1, along: 1 - snap.fraction };
  const departures: DirectedPosition[] = [];
  if (forward) departures.push(forwardPosition);
  if (backward) departures.push(backwardPosition);
  // Arriving, a vehicle may come from either side whatever its later heading.
  const arrivals: DirectedPosition[] = [];
  if (snappable[forwardPosition.directed] === 1) arrivals.push(forwardPosition);
  if (snappable[backwardPosition.directed] === 1) arrivals.push(backwardPosition);
  return {
    lat: snap.lat,
    lon: snap.lon,
    snapDistanceMeters: snap.distanceMeters,
    accessMeters: point.locationType === 'off_street' ? snap.distanceMeters : 0,
    departures,
    arrivals,
    ...seeds(graph, variant, variantGraph, departures, arrivals),
  };
}

function seeds(
  graph: RoadGraph,
  variant: TravelVariant,
  variantGraph: VariantGraph,
  departures: DirectedPosition[],
  arrivals: DirectedPosition[],
) {
  const directedKey = graph.network.profiles[variant.profile].directedKey;
  const { first, target, weight } = variantGraph.turnGraph;
  const source = new Map<number, { key: number; departure: number }>();
  for (const { directed, along } of departures) {
    const behind = partialKey(directedKey[directed]!, along);
    for (let arc = first[directed]!; arc < first[directed + 1]!; arc++) {
      const key = weight[arc]! - behind;
      if (key < (source.get(target[arc]!)?.key ?? Infinity)) source.set(target[arc]!, { key, departure: directed });
    }
  }
  const destination = new Map<number, number>();
  for (const { directed, along } of arrivals) destination.set(directed, partialKey(directedKey[directed]!, along));
  return {
    sourceNodes: Int32Array.from(source.keys()),
    sourceKeys: Float64Array.from(source.values(), (seed) => seed.key),
    sourceDeparture: Int32Array.from(source.values(), (seed) => seed.departure),
    targetNodes: Int32Array.from(destination.keys()),
    targetKeys: Float64Array.from(destination.values()),
  };
}

/** The key of driving from `from` to `to` without leaving the segment, if `to` lies ahead. */
export function sameSegmentKey(graph: RoadGraph, variant: TravelVariant, from: Endpoint, to: Endpoint): number {
  const directedKey = graph.network.profiles[variant.profile].directedKey;
  let best = Infinity;
  for (const departure of from.departures) {
    for (const arrival of to.arrivals) {
      if (departure.directed !== arrival.directed || arrival.along < departure.along) continue;
      const key = directedKey[arrival.directed]!;
      best = Math.min(best, partialKey(key, arrival.along) - partialKey(key, departure.along));
    }
  }
  return best;
}

function angleBetween(a: number, b: number): number {
  const difference = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(difference, 360 - difference);
}
