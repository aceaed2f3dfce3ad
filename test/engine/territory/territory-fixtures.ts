import Coordinate from 'jsts/org/locationtech/jts/geom/Coordinate.js';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
// Adds the predicates and overlay operations (isValid, intersection, contains) to jsts geometries.
import 'jsts/org/locationtech/jts/monkey.js';
import { runOperation } from '../../../engine/operations/index.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { validateRequest } from '../../../model/index.js';
import { parseLatLon } from '../../../model/latlon.js';
import { Random } from '../../../engine/core/structures/prng.js';

export interface Zone {
  id: string;
  boundary: { vertices: string[] };
  stop_count: number;
  marker_count: number;
  balance: { variance_kind: string; value: number; mean: number; deviation: number; within_variance: boolean };
}

/** Runs a territory operation the way the operation thread does, after checking the request is valid. */
export async function territory<T>(name: 'zones' | 'centroids', body: Record<string, unknown>): Promise<T> {
  expect(validateRequest(body, name)).toEqual([]);
  return (await runOperation(name, body, {}, straightLineProvider, () => undefined)) as T;
}

/**
 * `count` jobs around Seattle in a few dense neighbourhoods and a sparse spread (seeded), the
 * shape of a real service area.
 */
export function cityJobs(count: number, seed = 1): { id: string; location: string }[] {
  const random = new Random(seed);
  const hubs = [
    [47.61, -122.33],
    [47.66, -122.31],
    [47.55, -122.28],
    [47.7, -122.36],
  ] as const;
  return Array.from({ length: count }, (_, i) => {
    const sparse = random.nextFloat() < 0.3;
    const [lat, lon] = sparse
      ? [47.5 + random.nextFloat() * 0.25, -122.45 + random.nextFloat() * 0.25]
      : hubs[random.nextInt(hubs.length)]!;
    const spread = sparse ? 0 : 0.02;
    return {
      id: `j${i}`,
      location: `${(lat + (random.nextFloat() - 0.5) * spread).toFixed(6)}, ${(lon + (random.nextFloat() - 0.5) * spread).toFixed(6)}`,
    };
  });
}

/** What the tests use of a jsts geometry (the library types its factory's results as any). */
export interface Geometry {
  isValid(): boolean;
  getArea(): number;
  intersection(other: Geometry): Geometry;
  contains(other: Geometry): boolean;
  intersects(other: Geometry): boolean;
  getBoundary(): Geometry;
  convexHull(): Geometry;
}

const factory = new GeometryFactory();

/** A zone boundary as a jsts polygon in the lon/lat plane (x = lon, y = lat). */
export function jstsPolygon(zone: Zone): Geometry {
  const coordinates = zone.boundary.vertices.map((vertex) => {
    const point = parseLatLon(vertex)!;
    return new Coordinate(point.lon, point.lat);
  });
  return factory.createPolygon(factory.createLinearRing(coordinates), []) as Geometry;
}

export function jstsPoint(location: string): Geometry {
  const point = parseLatLon(location)!;
  return factory.createPoint(new Coordinate(point.lon, point.lat)) as Geometry;
}

/**
 * The polygon rules every generated zone set must keep, checked with jsts: each ring closed and
 * valid (no self-intersection), no two zones overlapping (their intersection has no area), each
 * point strictly inside exactly one zone.
 */
export function expectValidZones(zones: Zone[], locations: string[]): void {
  const polygons = zones.map(jstsPolygon);
  for (const zone of zones) expect(zone.boundary.vertices[0]).toBe(zone.boundary.vertices.at(-1));
  for (const polygon of polygons) {
    expect(polygon.isValid()).toBe(true);
    expect(polygon.getArea()).toBeGreaterThan(0);
  }
  for (let a = 0; a < polygons.length; a++) {
    for (let b = a + 1; b < polygons.length; b++) expect(polygons[a]!.intersection(polygons[b]!).getArea()).toBe(0);
  }
  for (const location of locations) {
    const point = jstsPoint(location);
    expect(polygons.filter((polygon) => polygon.contains(point))).toHaveLength(1);
    expect(polygons.filter((polygon) => polygon.getBoundary().intersects(point))).toHaveLength(0);
  }
}
