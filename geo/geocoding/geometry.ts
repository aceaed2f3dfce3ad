import type { LatLon } from '../../model/latlon.js';

const metersPerDegree = 111_195;

/** A point on a line piece nearest to another point, with the distance to it. */
export interface PiecePoint extends LatLon {
  distanceMeters: number;
}

/**
 * The nearest point of the piece a–b to p, in a local equirectangular projection around p:
 * exact to well under a meter over the few hundred meters a street piece spans.
 */
export function nearestOnPiece(p: LatLon, a: LatLon, b: LatLon): PiecePoint {
  const cos = Math.cos((p.lat * Math.PI) / 180);
  const ax = (a.lon - p.lon) * cos;
  const ay = a.lat - p.lat;
  const dx = (b.lon - a.lon) * cos;
  const dy = b.lat - a.lat;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0;
  const x = ax + t * dx;
  const y = ay + t * dy;
  return { lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon), distanceMeters: Math.hypot(x, y) * metersPerDegree };
}

export function distanceMeters(a: LatLon, b: LatLon): number {
  const cos = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot((b.lon - a.lon) * cos, b.lat - a.lat) * metersPerDegree;
}

/** Degrees of latitude and longitude that `meters` spans around a point (for bounding boxes). */
export function degreeSpan(at: LatLon, meters: number): { lat: number; lon: number } {
  const lat = meters / metersPerDegree;
  return { lat, lon: lat / Math.max(0.01, Math.cos((at.lat * Math.PI) / 180)) };
}

/** Centroid of a ring by area (a building outline); the mean of its points when it has no area. */
export function ringCentroid(points: readonly LatLon[]): LatLon {
  const closed = points.length > 3 && points[0]!.lat === points.at(-1)!.lat && points[0]!.lon === points.at(-1)!.lon;
  if (closed) {
    let area = 0;
    let cx = 0;
    let cy = 0;
    const origin = points[0]!;
    for (let i = 0; i < points.length - 1; i++) {
      const x0 = points[i]!.lon - origin.lon;
      const y0 = points[i]!.lat - origin.lat;
      const x1 = points[i + 1]!.lon - origin.lon;
      const y1 = points[i + 1]!.lat - origin.lat;
      const cross = x0 * y1 - x1 * y0;
      area += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
    if (Math.abs(area) > 1e-14) return { lat: origin.lat + cy / (3 * area), lon: origin.lon + cx / (3 * area) };
  }
  const sum = points.reduce((s, p) => ({ lat: s.lat + p.lat, lon: s.lon + p.lon }), { lat: 0, lon: 0 });
  return { lat: sum.lat / points.length, lon: sum.lon / points.length };
}

/** Point in polygon by ray crossing over an unordered set of boundary edges (outer and inner rings alike). */
export function insideEdges(p: LatLon, edges: readonly (readonly [LatLon, LatLon])[]): boolean {
  let inside = false;
  for (const [a, b] of edges) {
    if (a.lat > p.lat !== b.lat > p.lat && p.lon < ((b.lon - a.lon) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lon) inside = !inside;
  }
  return inside;
}
