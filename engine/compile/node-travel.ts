import type { TravelArray } from '../core/compiled/compiled-instance.js';
import type { TravelTable } from '../evaluate/travel-table.js';

/**
 * Where each core node is entered and left, as travel-table indices (-1: nowhere, for a stem the
 * route does not count), and the drive a job makes to its own exit location.
 */
export interface NodePlaces {
  entry: Int32Array;
  exit: Int32Array;
  exitLegDistance: Float64Array;
}

/**
 * From this many nodes on, the matrices are single precision: at 10,000 nodes the two of them
 * take 0.8 GB instead of 1.6 GB. Below it they stay exact, and small plans search as they did.
 */
export const SINGLE_PRECISION_NODES = 3000;

/**
 * A matrix in shared memory: parallel solver threads then read it in place instead of each
 * getting a copy. Single precision stores every value rounded up (`set`), so that the core never
 * sees a leg shorter or faster than the evaluator will.
 */
function sharedMatrix(n: number): { matrix: TravelArray; set: (at: number, value: number) => void } {
  if (n < SINGLE_PRECISION_NODES) {
    const matrix = new Float64Array(new SharedArrayBuffer(n * n * Float64Array.BYTES_PER_ELEMENT));
    return { matrix, set: (at, value) => (matrix[at] = value) };
  }
  const buffer = new SharedArrayBuffer(n * n * Float32Array.BYTES_PER_ELEMENT);
  const matrix = new Float32Array(buffer);
  // Bit patterns of non-negative floats order like their values: one more is the next float up.
  const bits = new Int32Array(buffer);
  const set = (at: number, value: number): void => {
    matrix[at] = value;
    if (matrix[at]! < value) bits[at]!++;
  };
  return { matrix, set };
}

/**
 * Node-to-node matrices: the drive from where `a` is left to where `b` is entered, at `speed` (a
 * fraction of the provider's). A job's drive to its exit location is charged on the way out of the
 * job (every served job is left exactly once), so routes cost what the evaluator's stops cost.
 */
export function nodeMatrices(travel: TravelTable, places: NodePlaces, speed: number): { distance: TravelArray; duration: TravelArray } {
  const n = places.entry.length;
  const distance = sharedMatrix(n);
  const duration = sharedMatrix(n);
  for (let a = 0; a < n; a++) {
    const from = places.exit[a]!;
    const leg = places.exitLegDistance[a]!;
    for (let b = 0; b < n; b++) {
      const to = places.entry[b]!;
      const drives = from >= 0 && to >= 0;
      distance.set(a * n + b, leg + (drives ? travel.distance(from, to) : 0));
      duration.set(a * n + b, drives ? travel.duration(from, to) / speed : 0);
    }
  }
  return { distance: distance.matrix, duration: duration.matrix };
}
