import type { LatLon } from '../travel.js';
import type { RoadNetwork } from './road-network.js';

/**
 * Points of a directed segment between two positions (fractions of its length, in its own
 * direction), appended to `out` without repeating the last point already there.
 */
export function appendDirectedGeometry(network: RoadNetwork, directed: number, fromAlong: number, toAlong: number, out: LatLon[]): void {
  const segment = directed >>> 1;
  const first = network.geometryFirst[segment]!;
  const last = network.geometryFirst[segment + 1]! - 1;
  const count = last - first + 1;
  const pointAt = (k: number): LatLon => {
    const index = (directed & 1) === 0 ? first + k : last - k;
    return { lat: network.geometryLatE7[index]! / 1e7, lon: network.geometryLonE7[index]! / 1e7 };
  };
  const cumulative = new Float64Array(count);
  const cosLat = Math.cos((pointAt(0).lat * Math.PI) / 180);
  for (let k = 1; k < count; k++) {
    const a = pointAt(k - 1);
    const b = pointAt(k);
    cumulative[k] = cumulative[k - 1]! + Math.hypot((b.lon - a.lon) * cosLat, b.lat - a.lat);
  }
  const total = cumulative[count - 1]!;
  const interpolate = (along: number): LatLon => {
    const at = along * total;
    let k = 1;
    while (k < count - 1 && cumulative[k]! < at) k++;
    const span = cumulative[k]! - cumulative[k - 1]!;
    const t = span > 0 ? Math.min(1, Math.max(0, (at - cumulative[k - 1]!) / span)) : 0;
    const a = pointAt(k - 1);
    const b = pointAt(k);
    return { lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon) };
  };
  const push = (point: LatLon): void => {
    const previous = out[out.length - 1];
    if (!previous || previous.lat !== point.lat || previous.lon !== point.lon) out.push(point);
  };
  push(interpolate(fromAlong));
  for (let k = 1; k < count - 1; k++) {
    const at = cumulative[k]!;
    if (at > fromAlong * total && at < toAlong * total) push(pointAt(k));
  }
  push(interpolate(toAlong));
}
