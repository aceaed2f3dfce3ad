import { readFileSync } from 'node:fs';
import { readTaggedNodes } from '../../../geo/geocoding/osm/tagged-nodes.js';
import { readOsmPbf } from '../../../geo/road/pbf/osm-pbf-reader.js';
import { demoMapPath } from '../../../runtime/paths.js';
import type { LatLon } from '../../../model/latlon.js';
import { seededRandom } from '../../../engine/planning/search-budget.js';

export { seededRandom };

/**
 * What the demo map says, read straight from the file for the accuracy tests: the addresses that
 * name their street, the named roads with their geometry, the towns and suburbs.
 */
export interface OsmTruth {
  addresses: { houseNumber: string; street: string; location: LatLon }[];
  roads: Map<string, LatLon[][]>;
  places: { name: string; location: LatLon }[];
}

const notRoads = new Set(['bus_stop', 'platform', 'elevator', 'rest_area', 'services', 'proposed', 'abandoned', 'razed', 'corridor']);

export function readOsmTruth(): OsmTruth {
  const file = readFileSync(demoMapPath());
  const nodes = new Map<number, LatLon>();
  const addresses: OsmTruth['addresses'] = [];
  const roads = new Map<string, LatLon[][]>();
  const addressWays: { houseNumber: string; street: string; refs: number[] }[] = [];
  const roadWays: { name: string; refs: number[] }[] = [];
  readOsmPbf(file, {
    node: (id, lat, lon) => nodes.set(id, { lat: lat / 1e7, lon: lon / 1e7 }),
    way: (_id, refs, tags) => {
      const houseNumber = tags.get('addr:housenumber');
      const street = tags.get('addr:street');
      if (houseNumber && street) addressWays.push({ houseNumber, street, refs: [...refs] });
      const name = tags.get('name');
      const highway = tags.get('highway');
      if (highway && name && !notRoads.has(highway)) roadWays.push({ name, refs: [...refs] });
    },
  });
  const places: OsmTruth['places'] = [];
  readTaggedNodes(file, (_id, lat, lon, tags) => {
    const location = { lat: lat / 1e7, lon: lon / 1e7 };
    const houseNumber = tags.get('addr:housenumber');
    const street = tags.get('addr:street');
    if (houseNumber && street) addresses.push({ houseNumber, street, location });
    const place = tags.get('place');
    if (place && ['city', 'town', 'village', 'suburb'].includes(place) && tags.get('name'))
      places.push({ name: tags.get('name')!, location });
  });
  for (const way of addressWays) {
    const points = way.refs.map((r) => nodes.get(r)).filter((p): p is LatLon => p !== undefined);
    if (!points.length) continue;
    // The mean of the outline's points: within a few meters of the area centroid for a building.
    addresses.push({
      houseNumber: way.houseNumber,
      street: way.street,
      location: { lat: mean(points.map((p) => p.lat)), lon: mean(points.map((p) => p.lon)) },
    });
  }
  for (const way of roadWays) {
    const points = way.refs.map((r) => nodes.get(r)).filter((p): p is LatLon => p !== undefined);
    if (points.length < 2) continue;
    roads.set(way.name, [...(roads.get(way.name) ?? []), points]);
  }
  return { addresses, roads, places };
}

function mean(values: number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

export function metersBetween(a: LatLon, b: LatLon): number {
  const cos = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot((b.lon - a.lon) * cos, b.lat - a.lat) * 111_195;
}

/** Distance from p to a polyline, by brute force over its pieces. */
export function metersToLines(p: LatLon, lines: readonly LatLon[][]): number {
  let best = Infinity;
  const cos = Math.cos((p.lat * Math.PI) / 180);
  for (const line of lines) {
    for (let i = 0; i + 1 < line.length; i++) {
      const ax = (line[i]!.lon - p.lon) * cos;
      const ay = line[i]!.lat - p.lat;
      const dx = (line[i + 1]!.lon - line[i]!.lon) * cos;
      const dy = line[i + 1]!.lat - line[i]!.lat;
      const len = dx * dx + dy * dy;
      const t = len > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len)) : 0;
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy) * 111_195);
    }
  }
  return best;
}
