import { straightLineLeg } from '../straight-line.js';
import type { LatLon, TravelMatrix, TravelOptions, TravelPath, TravelPoint } from '../travel.js';
import { chMatrixKeys } from './ch-matrix.js';
import { chPath } from './ch-path.js';
import { appendDirectedGeometry } from './directed-geometry.js';
import { sameSegmentKey, snapEndpoint, type Endpoint } from './endpoints.js';
import { variantGraph, type RoadGraph, type VariantGraph } from './road-graph.js';
import { SearchSpace } from './search-space.js';
import { SegmentIndex } from './segment-index.js';
import type { TravelVariant } from './turn-graph.js';
import { keyDistanceMeters, keyDurationSeconds } from './weight-key.js';

/** Speed over the stretch between an `off_street` point and its road (car park, yard): 15 km/h. */
export const offStreetSpeedMetersPerSecond = 15 / 3.6;

/**
 * Routing options, resolved: `allow_ferries`, `allow_toll_roads`, `allow_u_turns` and hazmat select a
 * precomputed variant (each has its own contraction hierarchy, as OSRM does for excludable
 * classes); `driving_speed_percentage` divides durations, which leaves fastest paths unchanged.
 */
export function travelVariant(options: TravelOptions = {}): TravelVariant {
  return {
    profile: options.vehicleType ?? 'auto',
    avoidFerries: options.allowFerries === false,
    avoidTolls: options.allowTollRoads === false,
    uTurns: options.allowUTurns !== false,
    avoidHazmatRestricted: options.hazmat === true,
  };
}

function speedFactor(options: TravelOptions): number {
  const percentage = options.drivingSpeedPercentage ?? 100;
  if (!(percentage > 0)) throw new Error(`driving_speed_percentage must be positive, got ${percentage}`);
  return 100 / percentage;
}

/** Matrices and paths on a loaded road graph; points it cannot place fall back to straight lines. */
export class RoadRouter {
  readonly index: SegmentIndex;
  private readonly forward: SearchSpace;
  private readonly backward: SearchSpace;

  constructor(readonly graph: RoadGraph) {
    this.index = new SegmentIndex(graph.network);
    this.forward = new SearchSpace(graph.network.segmentCount * 2);
    this.backward = new SearchSpace(graph.network.segmentCount * 2);
  }

  endpoints(points: readonly TravelPoint[], variant: TravelVariant): { routing: VariantGraph; endpoints: (Endpoint | undefined)[] } {
    const routing = variantGraph(this.graph, variant);
    return { routing, endpoints: points.map((point) => snapEndpoint(this.graph, this.index, variant, routing, point)) };
  }

  matrix(points: readonly TravelPoint[], options: TravelOptions = {}): TravelMatrix {
    const variant = travelVariant(options);
    const factor = speedFactor(options);
    const size = points.length;
    const { routing, endpoints } = this.endpoints(points, variant);
    const placed = Int32Array.from(endpoints.flatMap((endpoint, i) => (endpoint ? [i] : [])));
    const placedEndpoints = Array.from(placed, (i) => endpoints[i]!);
    const keys = chMatrixKeys(routing.hierarchy, placedEndpoints, placedEndpoints);

    const keyAt = placed.length === size ? keys : new Float64Array(size * size).fill(Infinity);
    if (keyAt !== keys) {
      for (let row = 0; row < placed.length; row++) {
        for (let column = 0; column < placed.length; column++)
          keyAt[placed[row]! * size + placed[column]!] = keys[row * placed.length + column]!;
      }
    }
    const access = Float64Array.from(endpoints, (endpoint) => endpoint?.accessMeters ?? 0);
    for (const [i, j] of sameSegmentPairs(endpoints)) {
      keyAt[i * size + j] = Math.min(keyAt[i * size + j]!, sameSegmentKey(this.graph, variant, endpoints[i]!, endpoints[j]!));
    }
    const distances = new Float64Array(size * size);
    const durations = new Float64Array(size * size);
    if (legsFromKeys(keyAt, access, factor, distances, durations) === 0) return { size, distances, durations };
    const fallback = new Uint8Array(size * size);
    for (let i = 0; i < size; i++) {
      for (let j = 0, cell = i * size; j < size; j++, cell++) {
        if (i === j || keyAt[cell] !== Infinity) continue;
        const leg = straightLineLeg(points[i]!, points[j]!, options);
        distances[cell] = leg.distance;
        durations[cell] = leg.duration;
        fallback[cell] = 1;
      }
    }
    const offNetwork = Uint8Array.from(endpoints, (endpoint) => (endpoint ? 0 : 1));
    return { size, distances, durations, fallback, offNetwork };
  }

  path(stops: readonly TravelPoint[], options: TravelOptions = {}): TravelPath {
    const variant = travelVariant(options);
    const factor = speedFactor(options);
    const { routing, endpoints } = this.endpoints(stops, variant);
    const legs: { distance: number; duration: number }[] = [];
    const geometry: LatLon[] = [];
    let fallback = false;
    for (let k = 0; k + 1 < stops.length; k++) {
      const from = endpoints[k];
      const to = endpoints[k + 1];
      const found =
        from && to
          ? chPath(routing.hierarchy, from, to, sameSegmentKey(this.graph, variant, from, to), this.forward, this.backward)
          : undefined;
      if (!found || !from || !to) {
        legs.push(straightLineLeg(stops[k]!, stops[k + 1]!, options));
        geometry.push({ lat: stops[k]!.lat, lon: stops[k]!.lon }, { lat: stops[k + 1]!.lat, lon: stops[k + 1]!.lon });
        fallback = true;
        continue;
      }
      const access = from.accessMeters + to.accessMeters;
      legs.push({
        distance: keyDistanceMeters(found.key) + access,
        duration: (keyDurationSeconds(found.key) + access / offStreetSpeedMetersPerSecond) * factor,
      });
      this.appendLegGeometry(found.directed, from, to, geometry);
    }
    return {
      distance: legs.reduce((sum, leg) => sum + leg.distance, 0),
      duration: legs.reduce((sum, leg) => sum + leg.duration, 0),
      legs,
      geometry,
      fallback,
    };
  }

  private appendLegGeometry(directed: readonly number[], from: Endpoint, to: Endpoint, out: LatLon[]): void {
    const departure = from.departures.find((d) => d.directed === directed[0])!;
    const arrival = to.arrivals.find((a) => a.directed === directed[directed.length - 1])!;
    for (let k = 0; k < directed.length; k++) {
      const fromAlong = k === 0 ? departure.along : 0;
      const toAlong = k === directed.length - 1 ? arrival.along : 1;
      appendDirectedGeometry(this.graph.network, directed[k]!, fromAlong, toAlong, out);
    }
  }
}

/**
 * Distances and durations of the pairs joined by the road (a finite key), access stretches
 * included; returns how many pairs of distinct points are not (their cells are left at 0). Its
 * own small function, over typed arrays only, so that it is compiled for its loop alone.
 */
function legsFromKeys(keys: Float64Array, access: Float64Array, factor: number, distances: Float64Array, durations: Float64Array): number {
  const size = access.length;
  let unrouted = 0;
  for (let i = 0; i < size; i++) {
    const rowAccess = access[i]!;
    for (let j = 0, cell = i * size; j < size; j++, cell++) {
      const key = keys[cell]!;
      if (i === j) continue;
      if (key === Infinity) {
        unrouted++;
        continue;
      }
      const offStreet = rowAccess + access[j]!;
      distances[cell] = keyDistanceMeters(key) + offStreet;
      durations[cell] = (keyDurationSeconds(key) + offStreet / offStreetSpeedMetersPerSecond) * factor;
    }
  }
  return unrouted;
}

/** Ordered pairs of distinct points snapped to the same segment. */
function sameSegmentPairs(endpoints: readonly (Endpoint | undefined)[]): [number, number][] {
  const bySegment = new Map<number, number[]>();
  endpoints.forEach((endpoint, i) => {
    const segment = endpoint?.arrivals[0]?.directed;
    if (segment === undefined) return;
    const list = bySegment.get(segment >>> 1) ?? [];
    list.push(i);
    bySegment.set(segment >>> 1, list);
  });
  const pairs: [number, number][] = [];
  for (const group of bySegment.values()) for (const i of group) for (const j of group) if (i !== j) pairs.push([i, j]);
  return pairs;
}
