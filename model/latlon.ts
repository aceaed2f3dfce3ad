/** A point on the earth in decimal degrees (WGS 84). */
export interface LatLon {
  lat: number;
  lon: number;
}

// Plain decimal numbers only: the wire format is "lat, lon" and exponents or signs like "+" would
// make strings that look like ids parse as points (marker ids must never look like a latlon).
const LATLON_PATTERN = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** Why a string is not a latlon: `syntax` (not "lat, lon" at all) or `range` (numbers out of bounds). */
export type LatLonFault = 'syntax' | 'range';

export type LatLonParse = { ok: true; value: LatLon } | { ok: false; fault: LatLonFault };

/** Parses `"lat, lon"` (the space after the comma is optional). Latitude in [-90, 90], longitude in [-180, 180]. */
export function parseLatLonDetailed(text: string): LatLonParse {
  const match = LATLON_PATTERN.exec(text);
  if (match === null) return { ok: false, fault: 'syntax' };
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return { ok: false, fault: 'range' };
  return { ok: true, value: { lat, lon } };
}

export function parseLatLon(text: string): LatLon | undefined {
  const parsed = parseLatLonDetailed(text);
  return parsed.ok ? parsed.value : undefined;
}

/** Responses print no space after the comma (as the reference API does). */
export function formatLatLon(point: LatLon): string {
  return `${point.lat},${point.lon}`;
}
