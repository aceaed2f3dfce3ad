/** Where this deployment's travel comes from: read from the environment by runtime/config.ts, used by geo/configured-provider.ts. */
export interface TravelSettings {
  provider: 'road' | 'straight_line' | 'osrm' | 'valhalla' | 'graphhopper';
  /** Base URL of an HTTP engine (osrm, valhalla, graphhopper). */
  url?: string | undefined;
  /** The `.osm.pbf` extract the road provider routes on; undefined = straight-line travel only. */
  map: string | undefined;
  /** Where its imported graph is cached. */
  mapsDir: string;
}
