/** A box in degrees: south ≤ lat ≤ north, west ≤ lon ≤ east. */
export interface GeoBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The road segments of a map in a box, for a client to draw the network without a tile server. */
export interface RoadLines {
  /** One flat `[lat, lon, lat, lon, ...]` list per road segment, in degrees rounded to 1e-6. */
  lines: number[][];
  /** True when the box held more points than asked for: the lines stop there. */
  truncated: boolean;
}
