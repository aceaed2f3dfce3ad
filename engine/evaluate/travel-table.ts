import type { LatLon } from '../../model/latlon.js';
import type { ResolvedRoute } from '../../model/resolve.js';
import type { LegRows, LegSearch, LegsBetween, TravelLeg, TravelMatrix, TravelOptions, TravelProvider } from '../../geo/travel.js';

/** The distinct points of a problem and their indices; the tables of one problem share them. */
export class TravelPoints {
  readonly indexByKey = new Map<string, number>();
  readonly points: LatLon[] = [];
  /**
   * Indices already looked up, by the point object itself: compiling a route looks up every job
   * it may serve, and a 10,000-job week spent 1.4 s building the text keys again.
   */
  readonly indexByPoint = new WeakMap<LatLon, number>();
}

const emptyMatrix: TravelMatrix = { size: 0, distances: new Float64Array(0), durations: new Float64Array(0) };

/**
 * From this many points on, a table over a provider that computes single legs (straight lines) or
 * searches its network for blocks of them (roads) holds no matrix: it computes each leg, or each
 * block, when asked. Every pair of 10,000 points takes 0.8 GB even in single precision (2.6 GB as
 * the road network's matrix), while a plan split by date only ever looks at a small part of them.
 */
export const ON_DEMAND_POINTS = 3000;

/** Legs by point index, computed when asked. */
export interface LegSource {
  distance(from: number, to: number): number;
  duration(from: number, to: number): number;
  /** The legs from `from` to each of `to` (see TravelTable.row). */
  row(from: number, to: Int32Array, distances: Float64Array, durations: Float64Array): void;
  /** Whether every leg equals the leg back, bit for bit. */
  readonly symmetric: boolean;
  /** The legs from each of `from` to each of `to` a row at a time, where a block of them shares its work (see LegSearch.between). */
  between?(from: Int32Array, to: Int32Array): LegsBetween;
  /** A distance to rank candidates by, where a leg costs a search (see TravelTable.rankingDistance). */
  rankingDistance?(from: number, to: number): number;
}

/**
 * Pairs whose legs a table of legs on demand keeps (a power of two), each in the slot its pair
 * hashes to. Evaluating a route asks its legs again and again: the unrouted reasons' probes of a
 * 20,000-job week priced up to 16 orders of each route a job was probed on, each leg of each
 * order computed again (ten times the legs of the routes and the jobs in a test). 1.5 MB a
 * table, taken the first time a single leg is asked.
 */
export const KEPT_LEGS = 2 ** 16;

/**
 * The legs of `leg` (by point index), rows from `rows` when the provider has them. The last legs
 * asked are kept (see KEPT_LEGS): callers ask a pair's distance and then its duration, and a
 * route's legs for every order that differs from it in a few stops.
 */
function onDemandLegs(leg: (from: number, to: number) => TravelLeg, rows: LegRows | undefined, symmetric: boolean): LegSource {
  let keptFrom: Int32Array | undefined;
  let keptTo = new Int32Array(0);
  let keptDistance = new Float64Array(0);
  let keptDuration = new Float64Array(0);
  /** The slot holding the leg from `from` to `to`, computed first when it holds another. */
  const slotOf = (from: number, to: number): number => {
    if (keptFrom === undefined) {
      keptFrom = new Int32Array(KEPT_LEGS).fill(-1);
      keptTo = new Int32Array(KEPT_LEGS);
      keptDistance = new Float64Array(KEPT_LEGS);
      keptDuration = new Float64Array(KEPT_LEGS);
    }
    const slot = (Math.imul(from, 0x9e3779b1) ^ Math.imul(to, 0x85ebca6b)) & (KEPT_LEGS - 1);
    if (keptFrom[slot] !== from || keptTo[slot] !== to) {
      const computed = leg(from, to);
      keptFrom[slot] = from;
      keptTo[slot] = to;
      keptDistance[slot] = computed.distance;
      keptDuration[slot] = computed.duration;
    }
    return slot;
  };
  const legByLeg = (from: number, to: Int32Array, distances: Float64Array, durations: Float64Array): void => {
    for (let k = 0; k < to.length; k++) {
      const target = to[k]!;
      if (target < 0) {
        distances[k] = durations[k] = 0;
        continue;
      }
      const computed = leg(from, target);
      distances[k] = computed.distance;
      durations[k] = computed.duration;
    }
  };
  return {
    // The slot first: the first leg asked allocates the arrays.
    distance: (from, to) => {
      const slot = slotOf(from, to);
      return keptDistance[slot]!;
    },
    duration: (from, to) => {
      const slot = slotOf(from, to);
      return keptDuration[slot]!;
    },
    row: rows ?? legByLeg,
    symmetric,
  };
}

/**
 * Travel between the distinct points of a problem, computed once through a provider: the
 * evaluator and the searches ask for legs by point index. One table holds one travel class
 * (vehicle profile and avoid options); a problem whose routes travel differently answers each
 * route's own table through `forRoute` (see `ProblemTravel`).
 */
export class TravelTable {
  protected readonly indexByKey: Map<string, number>;
  protected readonly points: LatLon[];
  private readonly indexByPoint: WeakMap<LatLon, number>;
  private isMixed = false;
  private distances: TravelMatrix['distances'] = emptyMatrix.distances;
  private durations: TravelMatrix['durations'] = emptyMatrix.durations;
  private fallback: Uint8Array | undefined;
  private offNetwork: Uint8Array | undefined;
  private size = 0;
  private legs: LegSource | undefined;

  constructor(protected readonly shared: TravelPoints = new TravelPoints()) {
    this.indexByKey = shared.indexByKey;
    this.points = shared.points;
    this.indexByPoint = shared.indexByPoint;
  }

  /**
   * Whether the table is a bound over several travel classes (per pair the longest distance and
   * the slowest duration): safe for planning all their routes, exact for none.
   */
  get mixed(): boolean {
    return this.isMixed;
  }

  /** Registers a point (idempotent) and answers its index. */
  add(point: LatLon): number {
    const key = `${point.lat},${point.lon}`;
    let index = this.indexByKey.get(key);
    if (index === undefined) {
      index = this.points.length;
      this.points.push(point);
      this.indexByKey.set(key, index);
    }
    return index;
  }

  indexOf(point: LatLon): number {
    const known = this.indexByPoint.get(point);
    if (known !== undefined) return known;
    const index = this.indexByKey.get(`${point.lat},${point.lon}`);
    if (index === undefined) throw new Error(`point ${point.lat},${point.lon} was not added to the travel table`);
    this.indexByPoint.set(point, index);
    return index;
  }

  pointAt(index: number): LatLon {
    return this.points[index]!;
  }

  /**
   * Whether every leg equals the leg back, bit for bit, as the provider of legs on demand says
   * (a matrix is not examined: false).
   */
  get symmetric(): boolean {
    return this.legs?.symmetric === true;
  }

  /**
   * Whether legs are computed when asked instead of read from a matrix: then `matrix()` has
   * nothing to give, and the fallback points are those the provider could not place (none for
   * straight lines).
   */
  get onDemand(): boolean {
    return this.legs !== undefined;
  }

  /** Travel between the points added so far, from `provider`: a matrix, or legs on demand (see ON_DEMAND_POINTS). */
  async compute(provider: TravelProvider, options?: TravelOptions): Promise<void> {
    const leg = provider.leg;
    const points = this.points;
    if (leg !== undefined && points.length >= ON_DEMAND_POINTS)
      this.setLegs(
        onDemandLegs(
          (from, to) => leg(points[from]!, points[to]!, options),
          provider.legRows?.(points, options),
          provider.symmetricLegs === true,
        ),
      );
    else if (provider.legSearch !== undefined && points.length >= ON_DEMAND_POINTS) this.setSearch(provider.legSearch(points, options));
    else this.setMatrix(await provider.matrix(points, options));
  }

  /**
   * Legs searched when asked, a block of them at a time where the caller asks one (`between`);
   * the points off the provider's network are its fallback points.
   */
  private setSearch(search: LegSearch): void {
    const row = (from: number, to: Int32Array, distances: Float64Array, durations: Float64Array): void =>
      search.between(Int32Array.of(from), to)(0, distances, durations);
    this.setLegs({
      ...onDemandLegs((from, to) => search.leg(from, to), row, false),
      between: (from, to) => search.between(from, to),
      rankingDistance: (from, to) => search.rankingDistance(from, to),
    });
    this.offNetwork = search.offNetwork;
  }

  setMatrix(matrix: TravelMatrix, mixed = false): void {
    this.legs = undefined;
    this.isMixed = mixed;
    this.size = matrix.size;
    this.distances = matrix.distances;
    this.durations = matrix.durations;
    this.fallback = matrix.fallback;
    this.offNetwork = matrix.offNetwork;
  }

  /** Computes every leg when asked, through `legs`. */
  setLegs(legs: LegSource, mixed = false): void {
    this.setMatrix(emptyMatrix, mixed);
    this.legs = legs;
  }

  matrix(): TravelMatrix {
    if (this.legs !== undefined) throw new Error('a travel table of legs on demand has no matrix');
    const { size, distances, durations, fallback, offNetwork } = this;
    return { size, distances, durations, ...(fallback ? { fallback } : {}), ...(offNetwork ? { offNetwork } : {}) };
  }

  /** The table `route` travels on. A table of one travel class serves every route. */
  forRoute(_route: ResolvedRoute): TravelTable {
    return this;
  }

  /** One table valid for all of `routes` at once: theirs when they share a class, else a `mixed` bound. */
  forRoutes(_routes: readonly ResolvedRoute[]): TravelTable {
    return this;
  }

  /**
   * Points the provider could not route (e.g. off the map): their legs are straight-line
   * estimates. Providers that cannot say which point was at fault flag pairs; then a point counts
   * when none of its legs was routed.
   */
  fallbackPoints(): LatLon[] {
    const { fallback, offNetwork } = this;
    if (offNetwork) return this.points.filter((_, i) => offNetwork[i] === 1);
    if (!fallback) return [];
    const n = this.size;
    return this.points.filter((_, i) => {
      for (let j = 0; j < n; j++) if (j !== i && (!fallback[i * n + j] || !fallback[j * n + i])) return false;
      return n > 1;
    });
  }

  distance(from: number, to: number): number {
    const legs = this.legs;
    return legs === undefined ? this.distances[from * this.size + to]! : legs.distance(from, to);
  }

  duration(from: number, to: number): number {
    const legs = this.legs;
    return legs === undefined ? this.durations[from * this.size + to]! : legs.duration(from, to);
  }

  /**
   * The distance from `from` to `to` for weighing many candidates to keep a few (insertion
   * positions): the leg itself, or the straight line where each leg is a search of the provider's
   * network. On a city's network such a leg costs about 0.3 ms: ranking positions so took 130 s of
   * a 20,000-job week's unrouted reasons.
   */
  rankingDistance(from: number, to: number): number {
    const ranking = this.legs?.rankingDistance;
    return ranking !== undefined ? ranking.call(this.legs, from, to) : this.distance(from, to);
  }

  /**
   * The legs from each point of `from` to each point of `to` (negative indices: nowhere, legs 0),
   * a row at a time: the answer fills the row of `from[k]`. Rows asked in order share the work of
   * a block where the provider searches a network; elsewhere each is `row`.
   */
  between(from: Int32Array, to: Int32Array): LegsBetween {
    const between = this.legs?.between;
    if (between !== undefined) return between.call(this.legs, from, to);
    return (k, distances, durations) => {
      const source = from[k]!;
      if (source >= 0) this.row(source, to, distances, durations);
      else {
        distances.fill(0, 0, to.length);
        durations.fill(0, 0, to.length);
      }
    };
  }

  /**
   * The legs from point `from` to each point of `to` into `distances` and `durations` (0 where
   * `to` holds a negative index: nowhere), the same figures as `distance` and `duration`. Filling
   * a whole row at once spares a matrix of thousands of nodes a lookup through the table per pair.
   */
  row(from: number, to: Int32Array, distances: Float64Array, durations: Float64Array): void {
    const legs = this.legs;
    if (legs !== undefined) {
      legs.row(from, to, distances, durations);
      return;
    }
    const offset = from * this.size;
    for (let k = 0; k < to.length; k++) {
      const target = to[k]!;
      distances[k] = target < 0 ? 0 : this.distances[offset + target]!;
      durations[k] = target < 0 ? 0 : this.durations[offset + target]!;
    }
  }
}
