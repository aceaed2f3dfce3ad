import type { LatLon } from '../latlon.js';

function encodeSigned(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = '';
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

/** The Encoded Polyline Algorithm Format (precision 5), which map libraries decode natively. */
export function encodePolyline(points: readonly LatLon[], precision = 5): string {
  const factor = 10 ** precision;
  let lat = 0;
  let lon = 0;
  let out = '';
  for (const point of points) {
    const nextLat = Math.round(point.lat * factor);
    const nextLon = Math.round(point.lon * factor);
    out += encodeSigned(nextLat - lat) + encodeSigned(nextLon - lon);
    lat = nextLat;
    lon = nextLon;
  }
  return out;
}

/** Decodes the Encoded Polyline Algorithm Format (Valhalla uses precision 6). */
export function decodePolyline(text: string, precision = 5): LatLon[] {
  const factor = 10 ** precision;
  const points: LatLon[] = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  const next = (): number => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = text.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && index < text.length);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < text.length) {
    lat += next();
    lon += next();
    points.push({ lat: lat / factor, lon: lon / factor });
  }
  return points;
}
