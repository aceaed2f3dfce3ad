import { straightLineLeg } from '../straight-line.js';
import type { LatLon, LegSearch, TravelLeg, TravelMatrix, TravelOptions, TravelPath, TravelPoint } from '../travel.js';
import type { ContractionHierarchy } from './contraction-hierarchy.js';
import { chKeysTo, chRowKeys, type KeysFrom } from './ch-matrix.js';
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

  /**
   * Every leg between the points: the rows of `legSearch`, so a pair's figures are the same either
   * way, and only a block of rows of keys is held besides the answer.
   */
  matrix(points: readonly TravelPoint[], options: TravelOptions = {}): TravelMatrix {
    const size = points.length;
    const legs = this.legSearch(points, options);
    const all = Int32Array.from({ length: size }, (_, i) => i);
    const rows = legs.between(all, all);
    const distances = new Float64Array(size * size);
    const durations = new Float64Array(size * size);
    const fallback = new Uint8Array(size * size);
    let straight = 0;
    for (let i = 0; i < size; i++) {
      const cells = i * size;
      straight += rows(
        i,
        distances.subarray(cells, cells + size),
        durations.subarray(cells, cells + size),
        fallback.subarray(cells, cells + size),
      );
    }
    if (straight === 0) return { size, distances, durations };
    return { size, distances, durations, fallback, offNetwork: legs.offNetwork };
  }

  /**
   * Legs between the points as they are asked (see LegSearch): a 10,000-point matrix took 2.6 GB,
   * where a problem split by date asks its dates' legs alone. The points are placed on the network
   * once. A row of `between` also flags its straight-line legs, and counts them.
   */
  legSearch(points: readonly TravelPoint[], options: TravelOptions = {}): RoadLegSearch {
    const variant = travelVariant(options);
    const factor = speedFactor(options);
    const { routing, endpoints } = this.endpoints(points, variant);
    const offNetwork = Uint8Array.from(endpoints, (endpoint) => (endpoint ? 0 : 1));
    const segment = Int32Array.from(endpoints, (endpoint) => (endpoint?.arrivals[0] ? endpoint.arrivals[0].directed >>> 1 : -1));
    /**
     * Sets entry `at` of `distances` and `durations` to the leg from `i` to `j` (distinct), given
     * the key of their shortest path without the same-segment candidate; true when the leg is the
     * straight line, the points being unconnected or one of them off the network.
     */
    const setLeg = (i: number, j: number, key: number, distances: Float64Array, durations: Float64Array, at: number): boolean => {
      const from = endpoints[i];
      const to = endpoints[j];
      if (from && to && segment[i] === segment[j] && segment[i]! >= 0) key = Math.min(key, sameSegmentKey(this.graph, variant, from, to));
      if (!from || !to || key === Infinity) {
        const straight = straightLineLeg(points[i]!, points[j]!, options);
        distances[at] = straight.distance;
        durations[at] = straight.duration;
        return true;
      }
      const access = from.accessMeters + to.accessMeters;
      distances[at] = keyDistanceMeters(key) + access;
      durations[at] = (keyDurationSeconds(key) + access / offStreetSpeedMetersPerSecond) * factor;
      return false;
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
    const between = (from: Int32Array, to: Int32Array): FlaggedLegs => {
      // columns[c]: the column of to[c] among the targets placed on the network, -1 for none.
      const columns = new Int32Array(to.length).fill(-1);
      const targets: Endpoint[] = [];
      to.forEach((j, c) => {
        const endpoint = j >= 0 ? endpoints[j] : undefined;
        if (endpoint) columns[c] = targets.push(endpoint) - 1;
      });
      const block = keyRows(routing.hierarchy, endpoints, from, targets);
      return (k, distances, durations, straight) => {
        const i = from[k]!;
        const row = block.rowKeys(k);
        const keys = block.keys;
        let straightLegs = 0;
        for (let c = 0; c < to.length; c++) {
          const j = to[c]!;
          if (i < 0 || j < 0 || i === j) {
            distances[c] = durations[c] = 0;
            continue;
          }
          const column = columns[c]!;
          if (setLeg(i, j, row < 0 || column < 0 ? Infinity : keys[row + column]!, distances, durations, c)) {
            straightLegs++;
            if (straight) straight[c] = 1;
          }
        }
        return straightLegs;
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

/** A LegSearch whose rows also say which legs are straight lines. */
export interface RoadLegSearch extends LegSearch {
  between(from: Int32Array, to: Int32Array): FlaggedLegs;
}

/** Fills row `k` of the legs between two lists of points (see LegsBetween), setting `straight[c]` to 1 where leg c is a straight line; returns how many are. */
export type FlaggedLegs = (k: number, distances: Float64Array, durations: Float64Array, straight?: Uint8Array) => number;

/** Rows of keys from sources to targets, by source: `keys` from `rowKeys(k)` on holds source k's (-1: none). */
interface KeyRows {
  keys: Float64Array;
  rowKeys(k: number): number;
}

/** The keys from each point of `from` (indices into `endpoints`; negative or off the network: none) to `targets`. */
function keyRows(
  hierarchy: ContractionHierarchy,
  endpoints: readonly (Endpoint | undefined)[],
  from: Int32Array,
  targets: readonly Endpoint[],
): KeyRows {
  if (from.length !== 1) return new LegBlock(chKeysTo(hierarchy, targets), endpoints, from, targets.length);
  const source = from[0]! >= 0 ? endpoints[from[0]!] : undefined;
  const keys = source ? chRowKeys(hierarchy, source, targets) : new Float64Array(0);
  return { keys, rowKeys: () => (source ? 0 : -1) };
}

/**
 * Rows of keys from a list of sources to prepared targets, computed LEG_BLOCK_ROWS sources at a
 * time as rows are asked: a block of 8,000 columns takes 16 MB, where the whole matrix of a pair of
 * dates would take 0.5 GB.
 */
class LegBlock implements KeyRows {
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
