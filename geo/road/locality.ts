import type { RoadNetwork } from './road-network.js';

/**
 * The turn-graph nodes (directed segments) in the order a Hilbert curve meets their segments'
 * first points, the two directions of a segment side by side: nodes close on the map are close
 * in this order, which is what `contract`'s `layout` wants.
 */
export function spatialOrder(network: RoadNetwork): Int32Array {
  const { segmentCount, geometryFirst, geometryLatE7, geometryLonE7 } = network;
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (let s = 0; s < segmentCount; s++) {
    const at = geometryFirst[s]!;
    minLat = Math.min(minLat, geometryLatE7[at]!);
    maxLat = Math.max(maxLat, geometryLatE7[at]!);
    minLon = Math.min(minLon, geometryLonE7[at]!);
    maxLon = Math.max(maxLon, geometryLonE7[at]!);
  }
  // One exact float64 key per segment, its curve position above its number: a typed sort.
  const segmentScale = 2 ** Math.max(1, Math.ceil(Math.log2(segmentCount)));
  const side = 2 ** Math.min(15, Math.floor((53 - Math.log2(segmentScale)) / 2));
  const cell = (value: number, min: number, max: number): number => Math.floor(((value - min) / (max - min + 1)) * side);
  const keys = new Float64Array(segmentCount);
  for (let s = 0; s < segmentCount; s++) {
    const at = geometryFirst[s]!;
    const position = hilbertPosition(side, cell(geometryLonE7[at]!, minLon, maxLon), cell(geometryLatE7[at]!, minLat, maxLat));
    keys[s] = position * segmentScale + s;
  }
  keys.sort();
  const order = new Int32Array(2 * segmentCount);
  for (let k = 0; k < segmentCount; k++) {
    const s = keys[k]! % segmentScale;
    order[2 * k] = 2 * s;
    order[2 * k + 1] = 2 * s + 1;
  }
  return order;
}

/** Position of cell (x, y) along the Hilbert curve through `cells` × `cells` cells (a power of two). */
function hilbertPosition(cells: number, x: number, y: number): number {
  let position = 0;
  for (let side = cells >>> 1; side > 0; side >>>= 1) {
    const right = (x & side) !== 0 ? 1 : 0;
    const up = (y & side) !== 0 ? 1 : 0;
    position += side * side * ((3 * right) ^ up);
    if (up === 0) {
      if (right === 1) {
        x = side - 1 - x;
        y = side - 1 - y;
      }
      const swapped = x;
      x = y;
      y = swapped;
    }
  }
  return position;
}
