import type { LatLon } from '../model/latlon.js';

export interface Point {
  x: number;
  y: number;
}

const earthCircumferenceMeters = 40075016.686;
/** Web Mercator's latitude limit: beyond it the projection runs off to infinity. */
const maxLatitude = 85.05112878;

/** Web Mercator into the unit square: x east from -180°, y south from the top edge. */
export function mercator(point: LatLon): Point {
  const lat = (Math.max(-maxLatitude, Math.min(maxLatitude, point.lat)) * Math.PI) / 180;
  return { x: (point.lon + 180) / 360, y: (1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2 };
}

function latitudeOfMercatorY(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

/** A Web Mercator view fitted to a set of points in a width × height box (y down), with a margin. */
export interface MapView {
  project(point: LatLon): Point;
  /** Ground meters one unit of the box spans at the view's center. */
  metersPerUnit: number;
}

/** Smallest ground span a view shows, so that a route of one place is not zoomed to nothing. */
const minimumSpanMeters = 500;

export function fitView(points: readonly LatLon[], width: number, height: number, margin: number): MapView {
  const projected = points.map(mercator);
  // A loop, not Math.min(...xs): spreading a long road geometry overflows the call stack.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of projected) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const centerX = (minX + maxX) / 2;
  const centerY = (minY + maxY) / 2;
  const groundPerMercatorUnit = earthCircumferenceMeters * Math.cos((latitudeOfMercatorY(centerY) * Math.PI) / 180);
  const minimumSpan = minimumSpanMeters / groundPerMercatorUnit;
  const spanX = Math.max(maxX - minX, minimumSpan);
  const spanY = Math.max(maxY - minY, minimumSpan);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  return {
    project: (point) => {
      const p = mercator(point);
      return { x: width / 2 + (p.x - centerX) * scale, y: height / 2 + (p.y - centerY) * scale };
    },
    metersPerUnit: groundPerMercatorUnit / scale,
  };
}

/** The longest round length (1, 2 or 5 × 10ⁿ meters) that fits in `maxMeters`. */
export function roundScaleLength(maxMeters: number): number {
  const power = 10 ** Math.floor(Math.log10(maxMeters));
  return [5, 2, 1].map((step) => step * power).find((length) => length <= maxMeters) ?? power;
}
