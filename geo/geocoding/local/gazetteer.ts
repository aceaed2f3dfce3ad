import type { LatLon } from '../../../model/latlon.js';
import { distanceMeters, insideEdges, nearestOnPiece, type PiecePoint } from '../geometry.js';
import type { ExtractedArea, MapExtract } from '../osm/map-extract.js';
import { houseNumberKey, nameKey } from '../text/normalize.js';
import { formatAddress } from './address-format.js';
import { PieceGrid } from './piece-grid.js';

export type FeatureKind = 'street' | 'place' | 'postcode';

/** A named thing a query can match: a street (per city), a place, a postcode. */
export interface GazetteerFeature {
  kind: FeatureKind;
  name: string;
  nameKey: string;
  city: string | undefined;
  postcode: string | undefined;
  country: string | undefined;
  /** Canonical names of the areas and places around it, matched against the rest of a query. */
  localityKey: string;
  location: LatLon;
  formattedAddress: string;
}

export interface GazetteerAddress {
  /** Index of its street in `features`. */
  feature: number;
  houseNumber: string;
  houseNumberKey: string;
  postcode: string | undefined;
  city: string | undefined;
  country: string | undefined;
  location: LatLon;
  /** Where the address meets its street, when the street's geometry is known. */
  intersection: LatLon | undefined;
  formattedAddress: string;
}

export interface GazetteerPiece {
  feature: number;
  a: LatLon;
  b: LatLon;
}

/** Everything the local geocoder stores for one map. */
export interface Gazetteer {
  features: GazetteerFeature[];
  addresses: GazetteerAddress[];
  pieces: GazetteerPiece[];
}

/** How far an address may be from a road of its street name to belong to it. */
const sameStreetMeters = 1000;
/** An address without a street name takes the nearest named road within this distance (as Nominatim does). */
const nearestStreetMeters = 60;
const placeKinds = new Set([
  'city',
  'town',
  'village',
  'hamlet',
  'suburb',
  'quarter',
  'neighbourhood',
  'locality',
  'isolated_dwelling',
  'square',
]);

interface AreaIndex {
  area: ExtractedArea;
  min: LatLon;
  max: LatLon;
}

class Areas {
  private readonly areas: AreaIndex[];

  constructor(areas: readonly ExtractedArea[]) {
    this.areas = areas
      .map((area) => {
        const lats = area.edges.flatMap(([a, b]) => [a.lat, b.lat]);
        const lons = area.edges.flatMap(([a, b]) => [a.lon, b.lon]);
        return { area, min: { lat: Math.min(...lats), lon: Math.min(...lons) }, max: { lat: Math.max(...lats), lon: Math.max(...lons) } };
      })
      .sort((x, y) => y.area.adminLevel - x.area.adminLevel);
  }

  /** Areas containing p, most specific (highest admin level) first. */
  at(p: LatLon): ExtractedArea[] {
    return this.areas
      .filter((a) => p.lat >= a.min.lat && p.lat <= a.max.lat && p.lon >= a.min.lon && p.lon <= a.max.lon && insideEdges(p, a.area.edges))
      .map((a) => a.area);
  }
}

interface Context {
  city: string | undefined;
  postcode: string | undefined;
  country: string | undefined;
  localityKey: string;
}

export function buildGazetteer(extract: MapExtract): Gazetteer {
  // A city repeats each street name on hundreds of addresses; canonicalizing a name is the costly part.
  const keys = new Map<string, string>();
  const keyOf = (name: string): string => {
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = nameKey(name)));
    return key;
  };
  const areas = new Areas(extract.areas);
  const places = extract.places.filter((p) => placeKinds.has(p.kind));
  const contextAt = (p: LatLon): Context => {
    const around = areas.at(p);
    // The municipality is admin level 8 in most countries; fall back to the nearest town-like place.
    const municipality = around.find((a) => a.adminLevel <= 8 && a.adminLevel >= 6);
    const nearestPlaces = places
      .map((place) => ({ place, distance: distanceMeters(p, place.location) }))
      .sort((x, y) => x.distance - y.distance)
      .slice(0, 3);
    const town = nearestPlaces.find((n) => ['city', 'town', 'village'].includes(n.place.kind))?.place.name;
    const names = [...around.filter((a) => a.adminLevel >= 6).map((a) => a.name), ...nearestPlaces.map((n) => n.place.name)];
    return {
      city: municipality?.name ?? town,
      postcode: around.find((a) => a.postcode)?.postcode,
      country: around.find((a) => a.country)?.country,
      localityKey: [...new Set(names.flatMap((n) => keyOf(n).split(' ')))].join(' '),
    };
  };

  const features: GazetteerFeature[] = [];
  const pieces: GazetteerPiece[] = [];
  const grid = new PieceGrid<number>();
  const streetsByKey = new Map<string, number[]>();
  const piecesOf = new Map<number, GazetteerPiece[]>();
  /** The nearest piece of these streets within `sameStreetMeters`: a street has few pieces, a square kilometre of the grid many. */
  const nearestOf = (streets: readonly number[], p: LatLon): { owner: number; point: PiecePoint } | undefined => {
    let best: { owner: number; point: PiecePoint } | undefined;
    for (const owner of streets) {
      for (const piece of piecesOf.get(owner) ?? []) {
        const point = nearestOnPiece(p, piece.a, piece.b);
        if (point.distanceMeters <= sameStreetMeters && (!best || point.distanceMeters < best.point.distanceMeters))
          best = { owner, point };
      }
    }
    return best;
  };

  // Roads: one street feature per name and municipality.
  const roadGroups = new Map<string, { name: string; context: Context; lines: LatLon[][] }>();
  for (const road of extract.roads) {
    const key = keyOf(road.name);
    if (!key) continue;
    const context = contextAt(road.points[Math.floor(road.points.length / 2)]!);
    const groupKey = `${key}\u0000${context.city ?? ''}`;
    const group = roadGroups.get(groupKey);
    if (group) group.lines.push(road.points);
    else roadGroups.set(groupKey, { name: road.name, context, lines: [road.points] });
  }
  for (const group of roadGroups.values()) {
    const index = features.length;
    const location = middleOf(group.lines);
    const context = contextAt(location);
    features.push({
      kind: 'street',
      name: group.name,
      nameKey: keyOf(group.name),
      ...context,
      location,
      formattedAddress: formatAddress({ street: group.name, postcode: context.postcode, city: context.city }),
    });
    for (const line of group.lines) {
      for (let i = 0; i + 1 < line.length; i++) {
        const piece = { feature: index, a: line[i]!, b: line[i + 1]! };
        pieces.push(piece);
        grid.add({ owner: index, a: piece.a, b: piece.b });
        const own = piecesOf.get(index);
        if (own) own.push(piece);
        else piecesOf.set(index, [piece]);
      }
    }
    streetsByKey.set(features[index]!.nameKey, [...(streetsByKey.get(features[index]!.nameKey) ?? []), index]);
  }

  const addresses: GazetteerAddress[] = [];
  for (const address of extract.addresses) {
    const context = contextAt(address.location);
    const nearestRoad = address.street ? undefined : grid.nearest(address.location, nearestStreetMeters);
    const street = address.street ?? (nearestRoad && features[nearestRoad.owner]!.name);
    const key = street && keyOf(street);
    if (!street || !key) continue;
    const onStreet = nearestOf(streetsByKey.get(key) ?? [], address.location);
    let feature = onStreet?.owner;
    const city = address.city ?? context.city;
    const postcode = address.postcode ?? context.postcode;
    const country = address.country ?? context.country;
    if (feature === undefined) {
      // A street name no mapped road carries (or a misspelt one): the addresses make the street.
      feature = (streetsByKey.get(key) ?? []).find(
        (f) => features[f]!.city === city && distanceMeters(features[f]!.location, address.location) < sameStreetMeters,
      );
      if (feature === undefined) {
        feature = features.length;
        features.push({
          kind: 'street',
          name: street,
          nameKey: key,
          city,
          postcode,
          country,
          localityKey: context.localityKey,
          location: address.location,
          formattedAddress: formatAddress({ street, postcode, city }),
        });
        streetsByKey.set(key, [...(streetsByKey.get(key) ?? []), feature]);
      }
    }
    addresses.push({
      feature,
      houseNumber: address.houseNumber,
      houseNumberKey: houseNumberKey(address.houseNumber),
      postcode,
      city,
      country,
      location: address.location,
      intersection: onStreet ? { lat: onStreet.point.lat, lon: onStreet.point.lon } : undefined,
      formattedAddress: formatAddress({ houseNumber: address.houseNumber, street, postcode, city }),
    });
  }

  // Countries tagged on addresses (addr:country) tell the country of their whole municipality,
  // for extracts that clip the national boundary.
  const countryOfCity = new Map<string, string>();
  for (const address of addresses) if (address.city && address.country) countryOfCity.set(address.city, address.country);
  for (const feature of features) if (!feature.country && feature.city) feature.country = countryOfCity.get(feature.city);
  for (const address of addresses) if (!address.country && address.city) address.country = countryOfCity.get(address.city);

  for (const place of places) {
    const context = contextAt(place.location);
    const city = context.city === place.name ? undefined : context.city;
    features.push({
      kind: 'place',
      name: place.name,
      nameKey: nameKey(place.name),
      ...context,
      city,
      location: place.location,
      formattedAddress: formatAddress({ street: place.name, city }),
    });
  }

  const postcodes = new Map<string, { points: LatLon[]; cities: string[] }>();
  for (const address of addresses) {
    if (!address.postcode) continue;
    const entry = postcodes.get(address.postcode) ?? { points: [], cities: [] };
    entry.points.push(address.location);
    if (address.city) entry.cities.push(address.city);
    postcodes.set(address.postcode, entry);
  }
  for (const [postcode, entry] of postcodes) {
    const location = { lat: mean(entry.points.map((p) => p.lat)), lon: mean(entry.points.map((p) => p.lon)) };
    const city = mostCommon(entry.cities);
    features.push({
      kind: 'postcode',
      name: postcode,
      nameKey: nameKey(postcode),
      ...contextAt(location),
      city,
      postcode,
      location,
      formattedAddress: formatAddress({ postcode, city }),
    });
  }
  return { features, addresses, pieces };
}

/** A point on the lines near their middle: the line point closest to the mean of all points. */
function middleOf(lines: readonly LatLon[][]): LatLon {
  const points = lines.flat();
  const centre = { lat: mean(points.map((p) => p.lat)), lon: mean(points.map((p) => p.lon)) };
  let best = points[0]!;
  for (const p of points) if (distanceMeters(p, centre) < distanceMeters(best, centre)) best = p;
  return best;
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}
