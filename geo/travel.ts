/** A point on the earth in decimal degrees (WGS 84). */
export interface LatLon {
  lat: number;
  lon: number;
}

/** Options that change travel between two points; every field is optional and has the documented default. */
export interface TravelOptions {
  /** Percentage of the provider's normal speed (default 100). */
  drivingSpeedPercentage?: number;
  allowFerries?: boolean;
  allowTollRoads?: boolean;
  allowUTurns?: boolean;
}

/**
 * Row-major n×n matrices: entry i*n+j is travel from point i to point j.
 * Distances in meters, durations in seconds.
 */
export interface TravelMatrix {
  size: number;
  distances: Float64Array;
  durations: Float64Array;
}

/** Where travel times and distances come from (straight line, the built-in road network, an HTTP engine). */
export interface TravelProvider {
  readonly name: string;
  matrix(points: readonly LatLon[], options?: TravelOptions): Promise<TravelMatrix>;
}
