import type { LatLon } from '../model/latlon.js';

export type { LatLon };

/**
 * Where a point meets the road: `on_street` avoids roads where
 * stopping is unsafe, `off_street` adds the way from the point to the road, `vehicle` is a
 * vehicle en route that leaves in the direction of `heading`. Unset: the closest road.
 */
export type LocationType = 'on_street' | 'off_street' | 'vehicle';

/** A point plus how it meets the road; providers without a road network use only lat/lon. */
export interface TravelPoint extends LatLon {
  locationType?: LocationType;
  /** Degrees clockwise from north, [0, 360); only with locationType `vehicle`. */
  heading?: number;
}

/** Options that change travel between two points; every field is optional and has the documented default. */
export interface TravelOptions {
  /** Vehicle profile (`vehicle_type`, default `auto`). */
  vehicleType?: 'auto' | 'truck';
  /** Percentage of the provider's normal speed (default 100). */
  drivingSpeedPercentage?: number;
  allowFerries?: boolean;
  allowTollRoads?: boolean;
  allowUTurns?: boolean;
  /** The vehicle carries dangerous goods (vehicle `hazmat_load_types`): roads closed to them (`hazmat=no`) are avoided. */
  hazmat?: boolean;
}

/**
 * Row-major n×n matrices: entry i*n+j is travel from point i to point j.
 * Distances in meters, durations in seconds; single precision where a provider says so (large
 * straight-line matrices: a few millimetres a leg at most, at half the memory).
 */
export interface TravelMatrix {
  size: number;
  distances: Float64Array | Float32Array;
  durations: Float64Array | Float32Array;
  /**
   * Row-major like the figures: 1 where a pair's figures are the straight-line estimate because
   * the provider could not route it (e.g. a point outside the loaded map). Absent: all routed.
   */
  fallback?: Uint8Array;
  /** One entry per point: 1 where the provider could not place the point on its network at all. */
  offNetwork?: Uint8Array;
}

/** Travel from one point to another: meters and seconds. */
export interface TravelLeg {
  distance: number;
  duration: number;
}

/**
 * Fills `distances` and `durations` with the legs from point `from` to each point of `to` (indices
 * into the points it was made for), 0 where `to` holds a negative index (nowhere).
 */
export type LegRows = (from: number, to: Int32Array, distances: Float64Array, durations: Float64Array) => void;

/**
 * Legs between points of a set chosen when asked, for a provider whose legs take a graph search (a
 * road network): a block of legs shares its searches, so a large problem's travel asks for the
 * legs it needs, a block at a time, instead of holding a matrix of every pair.
 */
export interface LegSearch {
  /** One entry per point: 1 where the provider could not place it on its network (its legs are straight-line estimates). */
  offNetwork: Uint8Array;
  /** One leg, by index into the points. */
  leg(from: number, to: number): TravelLeg;
  /**
   * The legs from each point of `from` to each point of `to` (indices into the points; a negative
   * index is nowhere, its legs 0): the answer fills the row of `from[k]` into `distances` and
   * `durations`. Rows asked in order are computed a block at a time.
   */
  between(from: Int32Array, to: Int32Array): LegsBetween;
  /** A distance to rank many candidates by, which costs no search: the straight line between the points. */
  rankingDistance(from: number, to: number): number;
}

/** Fills row `k` of the legs between two lists of points (see LegSearch.between). */
export type LegsBetween = (k: number, distances: Float64Array, durations: Float64Array) => void;

/** A drivable path through ordered stops. */
export interface TravelPath {
  distance: number;
  duration: number;
  legs: { distance: number; duration: number }[];
  /** The road geometry from the first stop to the last. */
  geometry: LatLon[];
  /** True when some leg is a straight-line estimate (a stop off the map). */
  fallback: boolean;
}

/** Where travel times and distances come from (straight line, the built-in road network, an HTTP engine). */
export interface TravelProvider {
  readonly name: string;
  matrix(points: readonly TravelPoint[], options?: TravelOptions): Promise<TravelMatrix>;
  /**
   * One leg, computed in process and cheaply (straight lines): a large problem's travel then asks
   * for legs as they are needed instead of holding a matrix of every pair. Providers that need a
   * network or a graph search per leg leave it out.
   */
  leg?(from: TravelPoint, to: TravelPoint, options?: TravelOptions): TravelLeg;
  /**
   * Legs by index into `points` a row at a time, the same figures as `leg` for each pair: for a
   * provider with `leg` whose legs share work across a row (see LegRows).
   */
  legRows?(points: readonly TravelPoint[], options?: TravelOptions): LegRows;
  /** Legs asked as they are needed, for providers that search a graph per block of legs (see LegSearch). */
  legSearch?(points: readonly TravelPoint[], options?: TravelOptions): LegSearch;
  /** Whether every leg from one point to another equals the leg back, bit for bit (straight lines). */
  readonly symmetricLegs?: boolean;
  /** Only providers that know roads draw paths. */
  path?(stops: readonly TravelPoint[], options?: TravelOptions): Promise<TravelPath>;
}

/** A provider that can always draw a path: roads where it knows them, straight segments otherwise. */
export type PathProvider = TravelProvider & { path(stops: readonly TravelPoint[], options?: TravelOptions): Promise<TravelPath> };

/** Identifies what travel options change: options with the same key give the same travel. */
export function travelOptionsKey(options: TravelOptions = {}): string {
  return [
    options.vehicleType ?? 'auto',
    options.allowFerries === false ? 'no-ferries' : 'ferries',
    options.allowTollRoads === false ? 'no-tolls' : 'tolls',
    options.allowUTurns === false ? 'no-u-turns' : 'u-turns',
    options.hazmat === true ? 'hazmat' : 'no-hazmat',
    `speed-${options.drivingSpeedPercentage ?? 100}`,
  ].join('/');
}
