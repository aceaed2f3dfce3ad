import type { GeoBox, RoadLines } from '../../model/map-view.js';
import type { RoadNetwork } from './road-network.js';

const e7 = 1e-7;

/**
 * The geometry of every road segment with a bounding box that meets `box`, for drawing the
 * network (each segment once, whatever its directions). Stops after `maxPoints` points.
 */
export function roadLinesIn(network: RoadNetwork, box: GeoBox, maxPoints: number): RoadLines {
  const { geometryFirst, geometryLatE7, geometryLonE7 } = network;
  const south = Math.round(box.south / e7);
  const north = Math.round(box.north / e7);
  const west = Math.round(box.west / e7);
  const east = Math.round(box.east / e7);
  const lines: number[][] = [];
  let points = 0;
  for (let segment = 0; segment < network.segmentCount; segment++) {
    const first = geometryFirst[segment]!;
    const end = geometryFirst[segment + 1]!;
    let minLat = Infinity;
    let maxLat = -Infinity;
    let minLon = Infinity;
    let maxLon = -Infinity;
    for (let i = first; i < end; i++) {
      const lat = geometryLatE7[i]!;
      const lon = geometryLonE7[i]!;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
    }
    if (maxLat < south || minLat > north || maxLon < west || minLon > east) continue;
    if (points + (end - first) > maxPoints) return { lines, truncated: true };
    const line: number[] = [];
    for (let i = first; i < end; i++) line.push(Math.round(geometryLatE7[i]! / 10) / 1e6, Math.round(geometryLonE7[i]! / 10) / 1e6);
    lines.push(line);
    points += end - first;
  }
  return { lines, truncated: false };
}
