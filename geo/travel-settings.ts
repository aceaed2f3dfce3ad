/** Where this deployment's travel comes from: read from the environment by runtime/config.ts, used by geo/configured-provider.ts. */
export interface TravelSettings {
  provider: 'road' | 'straight_line' | 'osrm' | 'valhalla' | 'graphhopper';
  /** Base URL of an HTTP engine (osrm, valhalla, graphhopper). */
  url?: string | undefined;
  /** The `.osm.pbf` extract the road provider routes on; undefined = straight-line travel only. */
  map: string | undefined;
  /** Where its imported graph is cached. */
  mapsDir: string;
  /** How an HTTP engine's matrices are asked (default: defaultMatrixRequests). */
  matrixRequests?: MatrixRequests;
}

/** How a matrix is asked of an engine: blocks of `blockSize` sources × `blockSize` targets, `inFlight` requests at a time. */
export interface MatrixRequests {
  blockSize: number;
  inFlight: number;
}

/**
 * Blocks of 50 × 50 (100 coordinates a request, what an OSRM server accepts by default), 4 at a
 * time: an engine answers requests in parallel. The 40,000 blocks of a 10,000-place matrix, each
 * answered after 1 ms by a server in another process, took 83.1 s one after another, 23.9 s 4 at a time.
 */
export const defaultMatrixRequests: MatrixRequests = { blockSize: 50, inFlight: 4 };
