import { existsSync, statSync } from 'node:fs';
import { createGraphHopperProvider } from './http/graphhopper.js';
import { defaultHttpJsonOptions } from './http/http-json.js';
import { createOsrmProvider } from './http/osrm.js';
import { createValhallaProvider } from './http/valhalla.js';
import { loadRoadGraph, mapGraphPath } from './road/load.js';
import type { RoadGraph } from './road/road-graph.js';
import { createRoadProvider } from './road/road-provider.js';
import { straightLineLeg, straightLineProvider } from './straight-line.js';
import type { PathProvider, TravelOptions, TravelPath, TravelPoint } from './travel.js';
import type { TravelSettings } from './travel-settings.js';

export type { PathProvider };

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
 * Names the source of this deployment's travel, for caches: the provider, and its engine URL or
 * the map file's path, size and modification time (a replaced extract is a new source).
 */
export function travelIdentity(settings: TravelSettings): string {
  if (settings.provider !== 'road' || !settings.map)
    return settings.provider === 'road' ? 'straight_line' : `${settings.provider}|${settings.url ?? ''}`;
  const map = statSync(settings.map);
  return `road|${settings.map}|${map.size}|${map.mtimeMs}`;
}

/**
 * Imports the configured map unless its graph is already current, so that the first request
 * does not pay for the import. Answers whether an import happened.
 */
export function prepareTravel(settings: TravelSettings): boolean {
  if (settings.provider !== 'road' || !settings.map) return false;
  const graphPath = mapGraphPath(settings.map, settings.mapsDir);
  const before = existsSync(graphPath) ? statSync(graphPath).mtimeMs : 0;
  loadRoadGraph(settings.map, graphPath);
  return statSync(graphPath).mtimeMs !== before;
}

/**
 * The travel provider of this deployment: the road network of the configured map (imported on
 * first use, then loaded from its cached graph in milliseconds), falling back to straight lines
 * for points outside it; an HTTP engine the user runs; or straight lines only.
 */
export function loadTravelProvider(settings: TravelSettings): PathProvider {
  switch (settings.provider) {
    case 'osrm':
      return createOsrmProvider(settings.url!, defaultHttpJsonOptions, settings.matrixRequests);
    case 'valhalla':
      return createValhallaProvider(settings.url!, defaultHttpJsonOptions, settings.matrixRequests);
    case 'graphhopper':
      return createGraphHopperProvider(settings.url!, defaultHttpJsonOptions, settings.matrixRequests);
    case 'straight_line':
      return { ...straightLineProvider, path: straightLinePath };
    case 'road':
      break;
  }
  if (!settings.map) return { ...straightLineProvider, path: straightLinePath };
  return createRoadProvider(loadRoadGraph(settings.map, mapGraphPath(settings.map, settings.mapsDir)));
}

/** The road graph of the configured map (imported on first use), or undefined when travel does not use one. */
export function configuredRoadGraph(settings: TravelSettings): RoadGraph | undefined {
  if (settings.provider !== 'road' || !settings.map) return undefined;
  return loadRoadGraph(settings.map, mapGraphPath(settings.map, settings.mapsDir));
}
