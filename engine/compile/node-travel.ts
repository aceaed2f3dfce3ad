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
 * Node-to-node matrices: the drive from where `a` is left to where `b` is entered, at `speed` (a
 * fraction of the provider's). A job's drive to its exit location is charged on the way out of the
 * job (every served job is left exactly once), so routes cost what the evaluator's stops cost.
 * They live in shared memory: parallel solver threads then read them in place instead of each
 * getting a copy (at 10,000 nodes a matrix is 800 MB).
 */
export function nodeMatrices(travel: TravelTable, places: NodePlaces, speed: number): { distance: Float64Array; duration: Float64Array } {
  const n = places.entry.length;
  const distance = new Float64Array(new SharedArrayBuffer(n * n * Float64Array.BYTES_PER_ELEMENT));
  const duration = new Float64Array(new SharedArrayBuffer(n * n * Float64Array.BYTES_PER_ELEMENT));
  for (let a = 0; a < n; a++) {
    const from = places.exit[a]!;
    const leg = places.exitLegDistance[a]!;
    for (let b = 0; b < n; b++) {
      const to = places.entry[b]!;
      const drives = from >= 0 && to >= 0;
      distance[a * n + b] = leg + (drives ? travel.distance(from, to) : 0);
      duration[a * n + b] = drives ? travel.duration(from, to) / speed : 0;
    }
  }
  return { distance, duration };
}
