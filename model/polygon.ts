import type { LatLon } from './latlon.js';

export type PolygonFault = 'too_few_vertices' | 'not_closed' | 'repeated_vertex' | 'self_intersection';

function samePoint(a: LatLon, b: LatLon): boolean {
  return a.lat === b.lat && a.lon === b.lon;
}

// Orientation of c relative to the line a→b in the plane (lon = x, lat = y): zones are small
// enough that the curvature of the earth does not change which edges cross.
function orientation(a: LatLon, b: LatLon, c: LatLon): number {
  const value = (b.lon - a.lon) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lon - a.lon);
  return value === 0 ? 0 : value > 0 ? 1 : -1;
}

function withinBox(a: LatLon, b: LatLon, c: LatLon): boolean {
  return (
    Math.min(a.lon, b.lon) <= c.lon && c.lon <= Math.max(a.lon, b.lon) && Math.min(a.lat, b.lat) <= c.lat && c.lat <= Math.max(a.lat, b.lat)
  );
}

function onSegment(a: LatLon, b: LatLon, c: LatLon): boolean {
  return orientation(a, b, c) === 0 && withinBox(a, b, c);
}

function segmentsTouch(a: LatLon, b: LatLon, c: LatLon, d: LatLon): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return onSegment(a, b, c) || onSegment(a, b, d) || onSegment(c, d, a) || onSegment(c, d, b);
}

/** The first rule a closed vertex ring breaks: ≥ 4 vertices, first == last, no other repeat, no crossing edges. */
export function polygonFault(vertices: readonly LatLon[]): PolygonFault | undefined {
  if (vertices.length < 4) return 'too_few_vertices';
  if (!samePoint(vertices[0]!, vertices[vertices.length - 1]!)) return 'not_closed';
  const ring = vertices.slice(0, -1);
  const seen = new Set<string>();
  for (const vertex of ring) {
    const key = `${vertex.lat},${vertex.lon}`;
    if (seen.has(key)) return 'repeated_vertex';
    seen.add(key);
  }
  const edges = ring.length;
  const start = (index: number): LatLon => ring[index]!;
  const end = (index: number): LatLon => ring[(index + 1) % edges]!;
  for (let i = 0; i < edges; i++) {
    // Consecutive edges share a vertex; they only go wrong by folding back onto each other.
    if (onSegment(start(i), end(i), end((i + 1) % edges)) || onSegment(end(i), end((i + 1) % edges), start(i))) {
      return 'self_intersection';
    }
    for (let j = i + 2; j < edges; j++) {
      if (i === 0 && j === edges - 1) continue;
      if (segmentsTouch(start(i), end(i), start(j), end(j))) return 'self_intersection';
    }
  }
  return undefined;
}
