import type { LatLon } from '../../../model/latlon.js';
import { memberWay, readOsmPbf, type OsmRelationMember, type OsmTags } from '../../road/pbf/osm-pbf-reader.js';
import { ringCentroid } from '../geometry.js';
import { readTaggedNodes } from './tagged-nodes.js';

/** What geocoding takes from an OpenStreetMap extract. */
export interface MapExtract {
  addresses: ExtractedAddress[];
  /** Named roads, one entry per OSM way. */
  roads: ExtractedRoad[];
  /** Named `place=*` nodes: cities, suburbs, localities. */
  places: ExtractedPlace[];
  /** Administrative areas whose boundary is complete in the extract. */
  areas: ExtractedArea[];
}

export interface ExtractedAddress {
  houseNumber: string;
  /** `addr:street`, else `addr:place`; undefined when the address names neither. */
  street: string | undefined;
  postcode: string | undefined;
  city: string | undefined;
  country: string | undefined;
  location: LatLon;
}

export interface ExtractedRoad {
  name: string;
  points: LatLon[];
}

export interface ExtractedPlace {
  name: string;
  kind: string;
  location: LatLon;
}

export interface ExtractedArea {
  name: string;
  adminLevel: number;
  country: string | undefined;
  postcode: string | undefined;
  edges: [LatLon, LatLon][];
}

/** Highway values that are not ways along which anyone has an address. */
const notStreets = new Set(['bus_stop', 'platform', 'elevator', 'rest_area', 'services', 'proposed', 'abandoned', 'razed', 'corridor']);

function addressOf(tags: OsmTags, location: LatLon): ExtractedAddress | undefined {
  const houseNumber = tags.get('addr:housenumber')?.trim();
  if (!houseNumber) return undefined;
  return {
    houseNumber,
    street: tags.get('addr:street')?.trim() || tags.get('addr:place')?.trim() || undefined,
    postcode: tags.get('addr:postcode')?.trim() || undefined,
    city: tags.get('addr:city')?.trim() || undefined,
    country: tags.get('addr:country')?.trim().toUpperCase() || undefined,
    location,
  };
}

/**
 * Reads an extract twice: the shared reader for coordinates, ways and relations, then the tagged
 * nodes. Holds every node's coordinates and every way's node list: meant for city and region
 * extracts, like the road-network import.
 */
export function extractMap(file: Uint8Array): MapExtract {
  const coordinates = new Map<number, LatLon>();
  const wayNodes = new Map<number, readonly number[]>();
  const roadWays: { name: string; refs: readonly number[] }[] = [];
  const addressWays: { tags: OsmTags; refs: readonly number[] }[] = [];
  const addressRelations: { tags: OsmTags; members: readonly OsmRelationMember[] }[] = [];
  const areaRelations: { tags: OsmTags; members: readonly OsmRelationMember[] }[] = [];

  readOsmPbf(file, {
    node: (id, latE7, lonE7) => coordinates.set(id, { lat: latE7 / 1e7, lon: lonE7 / 1e7 }),
    way: (id, refs, tags) => {
      wayNodes.set(id, refs.slice());
      const highway = tags.get('highway');
      const name = tags.get('name')?.trim();
      if (highway && name && !notStreets.has(highway) && refs.length >= 2) roadWays.push({ name, refs });
      if (tags.has('addr:housenumber')) addressWays.push({ tags, refs });
    },
    relation: (_id, members, tags) => {
      if (tags.has('addr:housenumber')) addressRelations.push({ tags, members });
      const level = Number(tags.get('admin_level'));
      if (tags.get('boundary') === 'administrative' && tags.get('name') && Number.isInteger(level) && level >= 2)
        areaRelations.push({ tags, members });
    },
  });

  const pointsOf = (refs: readonly number[]): LatLon[] | undefined => {
    const points: LatLon[] = [];
    for (const ref of refs) {
      const point = coordinates.get(ref);
      if (!point) return undefined;
      points.push(point);
    }
    return points;
  };

  const addresses: ExtractedAddress[] = [];
  const places: ExtractedPlace[] = [];
  readTaggedNodes(file, (_id, latE7, lonE7, tags) => {
    const location = { lat: latE7 / 1e7, lon: lonE7 / 1e7 };
    const address = addressOf(tags, location);
    if (address) addresses.push(address);
    const place = tags.get('place');
    const name = tags.get('name')?.trim();
    if (place && name) places.push({ name, kind: place, location });
  });
  for (const way of addressWays) {
    const points = pointsOf(way.refs);
    const address = points?.length ? addressOf(way.tags, ringCentroid(points)) : undefined;
    if (address) addresses.push(address);
  }
  for (const relation of addressRelations) {
    const outer = relation.members
      .filter((m) => m.type === memberWay && m.role !== 'inner')
      .flatMap((m) => pointsOf(wayNodes.get(m.ref) ?? []) ?? []);
    const address = outer.length ? addressOf(relation.tags, ringCentroid(outer)) : undefined;
    if (address) addresses.push(address);
  }

  const roads: ExtractedRoad[] = [];
  for (const way of roadWays) {
    const points = pointsOf(way.refs);
    if (points) roads.push({ name: way.name, points });
  }

  const areas: ExtractedArea[] = [];
  for (const relation of areaRelations) {
    const edges = boundaryEdges(relation.members, wayNodes, pointsOf);
    if (!edges) continue;
    areas.push({
      name: relation.tags.get('name')!.trim(),
      adminLevel: Number(relation.tags.get('admin_level')),
      country: relation.tags.get('ISO3166-1:alpha2') ?? relation.tags.get('ISO3166-1') ?? undefined,
      postcode: relation.tags.get('addr:postcode') ?? relation.tags.get('postal_code') ?? undefined,
      edges,
    });
  }
  return { addresses, roads, places, areas };
}

/**
 * The boundary's edges, or undefined when the extract clipped it (a member way or node is
 * missing, or the rings do not close): a partial boundary would put points in the wrong area.
 */
function boundaryEdges(
  members: readonly OsmRelationMember[],
  wayNodes: ReadonlyMap<number, readonly number[]>,
  pointsOf: (refs: readonly number[]) => LatLon[] | undefined,
): [LatLon, LatLon][] | undefined {
  const edges: [LatLon, LatLon][] = [];
  // Every ring end must be shared by an even number of way ends.
  const endCounts = new Map<number, number>();
  for (const member of members) {
    if (member.type !== memberWay || (member.role !== 'outer' && member.role !== 'inner')) continue;
    const refs = wayNodes.get(member.ref);
    const points = refs && pointsOf(refs);
    if (!refs || !points || points.length < 2) return undefined;
    for (let i = 0; i + 1 < points.length; i++) edges.push([points[i]!, points[i + 1]!]);
    for (const end of [refs[0]!, refs.at(-1)!]) endCounts.set(end, (endCounts.get(end) ?? 0) + 1);
  }
  if (edges.length === 0) return undefined;
  for (const count of endCounts.values()) if (count % 2 !== 0) return undefined;
  return edges;
}
