import type { ProfileName } from './profile.js';

/**
 * The road network between intersections, before any routing structure is built on it.
 * A segment is a stretch of one way between two vertices (intersections or way ends), with its
 * full geometry. Directed segment `2s` runs from `segmentFrom[s]` to `segmentTo[s]`, `2s + 1`
 * the other way; these directed segments are the nodes of the turn graph.
 */
export interface RoadNetwork {
  vertexCount: number;
  segmentCount: number;
  segmentFrom: Int32Array;
  segmentTo: Int32Array;
  segmentWayId: Float64Array;
  /** Geometry of segment s: points geometryFirst[s] .. geometryFirst[s+1]-1, both vertices included. */
  geometryFirst: Int32Array;
  geometryLatE7: Int32Array;
  geometryLonE7: Int32Array;
  profiles: Record<ProfileName, ProfileNetwork>;
}

export interface ProfileNetwork {
  /** Weight key (see weight-key.ts) of each directed segment; Infinity where the direction is closed. */
  directedKey: Float64Array;
  /** `segmentFlag*` bits of each segment. */
  segmentFlags: Uint8Array;
}

/** Turns between directed segments at a via vertex. */
export interface TurnRestrictions {
  /**
   * For a from-segment with `no_*` restrictions: the to-segments that may not be taken. Keyed by
   * number, not by a string per pair: building the string of every turn to look it up made
   * buildTurnGraph take 2.9 s of CPU per travel class on a 1000 x 1000 grid against 0.76 s (0.145
   * against 0.051 s on a 300 x 300 grid).
   */
  forbidden: Map<number, Set<number>>;
  /** For a from-segment with `only_*` restrictions: the only to-segments allowed. */
  mandatory: Map<number, Set<number>>;
}

export function reverseDirected(directed: number): number {
  return directed ^ 1;
}

export function segmentOf(directed: number): number {
  return directed >>> 1;
}

/** Vertex a directed segment leaves from. */
export function directedTail(network: Pick<RoadNetwork, 'segmentFrom' | 'segmentTo'>, directed: number): number {
  const segment = directed >>> 1;
  return (directed & 1) === 0 ? network.segmentFrom[segment]! : network.segmentTo[segment]!;
}

/** Vertex a directed segment arrives at. */
export function directedHead(network: Pick<RoadNetwork, 'segmentFrom' | 'segmentTo'>, directed: number): number {
  const segment = directed >>> 1;
  return (directed & 1) === 0 ? network.segmentTo[segment]! : network.segmentFrom[segment]!;
}
