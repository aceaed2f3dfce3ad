import { straightLineLeg } from '../straight-line.js';
import type { LatLon, LegSearch, LegsBetween, TravelLeg, TravelMatrix, TravelOptions, TravelPath, TravelPoint } from '../travel.js';
import { chKeysTo, chMatrixKeys, type KeysFrom } from './ch-matrix.js';
import { chKey, chPath } from './ch-path.js';
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

  /**
   * Legs between the points as they are asked (see LegSearch), the same figures as `matrix` gives
   * them: a 10,000-point matrix took 2.6 GB, where a problem split by date asks its dates' legs
   * alone. The points are placed on the network once.
   */
  legSearch(points: readonly TravelPoint[], options: TravelOptions = {}): LegSearch {
    const variant = travelVariant(options);
    const factor = speedFactor(options);
    const { routing, endpoints } = this.endpoints(points, variant);
    const offNetwork = Uint8Array.from(endpoints, (endpoint) => (endpoint ? 0 : 1));
    const segment = Int32Array.from(endpoints, (endpoint) => (endpoint?.arrivals[0] ? endpoint.arrivals[0].directed >>> 1 : -1));
    /**
     * Sets entry `at` of `distances` and `durations` to the leg from `i` to `j` (distinct), given
     * the key of their shortest path without the same-segment candidate.
     */
    const setLeg = (i: number, j: number, key: number, distances: Float64Array, durations: Float64Array, at: number): void => {
      const from = endpoints[i];
      const to = endpoints[j];
      if (from && to && segment[i] === segment[j] && segment[i]! >= 0) key = Math.min(key, sameSegmentKey(this.graph, variant, from, to));
      if (!from || !to || key === Infinity) {
        const straight = straightLineLeg(points[i]!, points[j]!, options);
        distances[at] = straight.distance;
        durations[at] = straight.duration;
        return;
      }
      const access = from.accessMeters + to.accessMeters;
      distances[at] = keyDistanceMeters(key) + access;
      durations[at] = (keyDurationSeconds(key) + access / offStreetSpeedMetersPerSecond) * factor;
    };
    const single = { distance: new Float64Array(1), duration: new Float64Array(1) };
    const leg = (i: number, j: number): TravelLeg => {
      if (i === j) return { distance: 0, duration: 0 };
      const from = endpoints[i];
      const to = endpoints[j];
      const key = from && to ? chKey(routing.hierarchy, from, to, this.forward, this.backward) : Infinity;
      setLeg(i, j, key, single.distance, single.duration, 0);
      return { distance: single.distance[0]!, duration: single.duration[0]! };
    };
    const between = (from: Int32Array, to: Int32Array): LegsBetween => {
      // columns[c]: the column of to[c] among the targets placed on the network, -1 for none.
      const columns = new Int32Array(to.length).fill(-1);
      const targets: Endpoint[] = [];
      to.forEach((j, c) => {
        const endpoint = j >= 0 ? endpoints[j] : undefined;
        if (endpoint) columns[c] = targets.push(endpoint) - 1;
      });
      const block = new LegBlock(chKeysTo(routing.hierarchy, targets), endpoints, from, targets.length);
      return (k, distances, durations) => {
        const i = from[k]!;
        const row = block.rowKeys(k);
        const keys = block.keys;
        for (let c = 0; c < to.length; c++) {
          const j = to[c]!;
          if (i < 0 || j < 0 || i === j) {
            distances[c] = durations[c] = 0;
            continue;
          }
          const column = columns[c]!;
          setLeg(i, j, row < 0 || column < 0 ? Infinity : keys[row + column]!, distances, durations, c);
        }
      };
    };
    const rankingDistance = (i: number, j: number): number => straightLineLeg(points[i]!, points[j]!, options).distance;
    return { offNetwork, leg, between, rankingDistance };
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

/**
 * Rows of keys from a list of sources to prepared targets, computed LEG_BLOCK_ROWS sources at a
 * time as rows are asked: a block of 8,000 columns takes 16 MB, where the whole matrix of a pair of
 * dates would take 0.5 GB.
 */
class LegBlock {
  /** The current block's keys, row after row. */
  keys: Float64Array = new Float64Array(0);
  private first = -1;
  /** Per source of the current block: where its row starts in `keys`, -1 for a source off the network or nowhere. */
  private readonly rowAt = new Int32Array(LEG_BLOCK_ROWS);

  constructor(
    private readonly keysFrom: KeysFrom,
    private readonly endpoints: readonly (Endpoint | undefined)[],
    private readonly from: Int32Array,
    private readonly columns: number,
  ) {}

  /** Where source `k`'s row starts in `keys` (its block computed first), -1 for a source off the network or nowhere. */
  rowKeys(k: number): number {
    if (this.first < 0 || k < this.first || k >= this.first + LEG_BLOCK_ROWS) this.compute(k);
    return this.rowAt[k - this.first]!;
  }

  private compute(first: number): void {
    this.first = first;
    const sources: Endpoint[] = [];
    for (let r = 0; r < LEG_BLOCK_ROWS; r++) {
      const i = this.from[first + r];
      const endpoint = i === undefined || i < 0 ? undefined : this.endpoints[i];
      this.rowAt[r] = endpoint ? (sources.push(endpoint) - 1) * this.columns : -1;
    }
    this.keys = this.keysFrom(sources);
  }
}

/** Sources whose keys a LegBlock computes together. */
export const LEG_BLOCK_ROWS = 256;
