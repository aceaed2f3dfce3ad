import { basename, join } from 'node:path';
import { loadRoadGraph } from './road/load.js';
import { createRoadProvider } from './road/road-provider.js';
import { straightLineLeg, straightLineProvider } from './straight-line.js';
import type { TravelOptions, TravelPath, TravelPoint, TravelProvider } from './travel.js';

export interface MapSettings {
  /** The `.osm.pbf` extract to route on; undefined = straight-line travel only. */
  map: string | undefined;
  /** Where its imported graph is cached. */
  mapsDir: string;
}

/** A provider that can always draw a path: roads where it knows them, straight segments otherwise. */
export type PathProvider = TravelProvider & { path(stops: readonly TravelPoint[], options?: TravelOptions): Promise<TravelPath> };

function straightLinePath(stops: readonly TravelPoint[], options?: TravelOptions): Promise<TravelPath> {
  const legs = stops.slice(1).map((stop, i) => straightLineLeg(stops[i]!, stop, options));
  return Promise.resolve({
    distance: legs.reduce((s, l) => s + l.distance, 0),
    duration: legs.reduce((s, l) => s + l.duration, 0),
    legs,
    geometry: stops.map((s) => ({ lat: s.lat, lon: s.lon })),
    fallback: true,
  });
}

/**
 * The travel provider of this deployment: the road network of the configured map (imported on
 * first use, then loaded from its cached graph in milliseconds), falling back to straight lines
 * for points outside it; or straight lines only when no map is configured.
 */
export function loadTravelProvider(settings: MapSettings): PathProvider {
  if (!settings.map) return { ...straightLineProvider, path: straightLinePath };
  const graphPath = join(settings.mapsDir, `${basename(settings.map).replace(/\.osm\.pbf$|\.pbf$/, '')}.wpgraph`);
  return createRoadProvider(loadRoadGraph(settings.map, graphPath));
}
