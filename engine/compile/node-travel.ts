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
 * The memory of the last matrices compiled, for the next compile to fill again: problems compiled
 * one after another (a plan's dates, each searched in turn) then hold one pair of matrices between
 * them instead of leaving one pair of garbage per problem for the collector, which lets it pile up
 * (dropped single-precision matrices of 4,000-job dates reached 0.6 GB). A compile may take them
 * only once nothing reads the matrices of the one before.
 */
export class MatrixBuffers {
  private readonly buffers: SharedArrayBuffer[] = [];

  /** A buffer of at least `bytes` for the `which`-th matrix of a compile: the last one when it is large enough. */
  take(which: number, bytes: number): SharedArrayBuffer {
    const last = this.buffers[which];
    if (last !== undefined && last.byteLength >= bytes) return last;
    const fresh = new SharedArrayBuffer(bytes);
    this.buffers[which] = fresh;
    return fresh;
  }
}

/** A node matrix being filled row by row. */
interface MatrixRows {
  matrix: TravelArray;
  /**
   * Stores `values` from column `from` on as row `row` from there; answers the largest finite
   * entry stored (0 when none is positive).
   */
  setRow(row: number, values: Float64Array, from: number): number;
}

/**
 * A matrix in shared memory: parallel solver threads then read it in place instead of each
 * getting a copy. Single precision stores every value rounded up, so that the core never sees a
 * leg shorter or faster than the evaluator will.
 */
function sharedMatrix(n: number, buffers: MatrixBuffers, which: number): MatrixRows {
  if (n < SINGLE_PRECISION_NODES) {
    const matrix = new Float64Array(buffers.take(which, n * n * Float64Array.BYTES_PER_ELEMENT), 0, n * n);
    const setRow = (row: number, values: Float64Array, from: number): number => {
      matrix.set(values.subarray(from), row * n + from);
      let longest = 0;
      for (let k = from; k < n; k++) if (values[k]! > longest && values[k]! < Infinity) longest = values[k]!;
      return longest;
    };
    return { matrix, setRow };
  }
  const buffer = buffers.take(which, n * n * Float32Array.BYTES_PER_ELEMENT);
  const matrix = new Float32Array(buffer, 0, n * n);
  // Bit patterns of non-negative floats order like their values: one more is the next float up.
  const bits = new Int32Array(buffer, 0, n * n);
  const setRow = (row: number, values: Float64Array, from: number): number => {
    let longest = 0;
    for (let k = from, at = row * n + from; k < n; k++, at++) {
      const value = values[k]!;
      matrix[at] = value;
      let single = matrix[at]!;
      if (single < value) {
        bits[at]!++;
        single = matrix[at]!;
      }
      if (single > longest && single < Infinity) longest = single;
    }
    return longest;
  };
  return { matrix, setRow };
}

/** The node matrices, and the largest finite entry of each (0 when none is positive). */
export interface NodeMatrices {
  distance: TravelArray;
  duration: TravelArray;
  longestDistance: number;
  longestDuration: number;
}

/**
 * Whether each node is left where it is entered with no exit leg: then, over legs that equal
 * their way back, every node-to-node entry equals its mirror image.
 */
function leftWhereEntered({ entry, exit, exitLegDistance }: NodePlaces): boolean {
  for (let a = 0; a < entry.length; a++) if (exit[a] !== entry[a] || exitLegDistance[a] !== 0) return false;
  return true;
}

/**
 * Nodes per side of the blocks in which `mirrorUpperTriangle` copies entries: a copy reads down a
 * column, and row after row over a whole matrix every read was a cache miss (5 s of a 20,000-job
 * week); within a block the columns it reads stay cached.
 */
export const MIRROR_BLOCK = 64;

/** Every entry below the diagonal of the `n × n` matrix set to its mirror image above it, block by block. */
function mirrorUpperTriangle(matrix: TravelArray, n: number): void {
  for (let top = 0; top < n; top += MIRROR_BLOCK) {
    const bottom = Math.min(top + MIRROR_BLOCK, n);
    for (let left = 0; left < bottom; left += MIRROR_BLOCK) {
      const right = Math.min(left + MIRROR_BLOCK, n);
      for (let a = top; a < bottom; a++) {
        const end = Math.min(right, a);
        for (let b = left; b < end; b++) matrix[a * n + b] = matrix[b * n + a]!;
      }
    }
  }
}

/**
 * Node-to-node matrices: the drive from where `a` is left to where `b` is entered, at `speed` (a
 * fraction of the provider's). A job's drive to its exit location is charged on the way out of the
 * job (every served job is left exactly once), so routes cost what the evaluator's stops cost.
 * Filled a row at a time: the legs of a row come from the travel table in one call. Over legs that
 * equal their way back (straight lines) between nodes left where they are entered, a row is filled
 * from its diagonal on, and the entries below the diagonal are then copied from their mirror
 * images instead of computing those legs again (the largest entries are among those above). The
 * matrices live in `buffers`, fresh ones unless a store of earlier compiles is given.
 */
export function nodeMatrices(travel: TravelTable, places: NodePlaces, speed: number, buffers = new MatrixBuffers()): NodeMatrices {
  const { entry, exit } = places;
  const n = entry.length;
  const distance = sharedMatrix(n, buffers, 0);
  const duration = sharedMatrix(n, buffers, 1);
  const rowDistance = new Float64Array(n);
  const rowDuration = new Float64Array(n);
  const mirrored = travel.symmetric && leftWhereEntered(places);
  // Without mirroring every row has the same columns: a provider that searches a network for
  // legs then shares its work across rows.
  const rowTo = mirrored ? undefined : travel.between(exit, entry);
  let longestDistance = 0;
  let longestDuration = 0;
  for (let a = 0; a < n; a++) {
    const from = exit[a]!;
    // Columns before `first` are mirrored once every row is filled.
    const first = mirrored ? a : 0;
    if (rowTo !== undefined) rowTo(a, rowDistance, rowDuration);
    else if (from >= 0) travel.row(from, entry.subarray(first), rowDistance.subarray(first), rowDuration.subarray(first));
    else {
      rowDistance.fill(0, first);
      rowDuration.fill(0, first);
    }
    const leg = places.exitLegDistance[a]!;
    for (let b = first; b < n; b++) {
      rowDistance[b] = leg + rowDistance[b]!;
      rowDuration[b] = from >= 0 && entry[b]! >= 0 ? rowDuration[b]! / speed : 0;
    }
    longestDistance = Math.max(longestDistance, distance.setRow(a, rowDistance, first));
    longestDuration = Math.max(longestDuration, duration.setRow(a, rowDuration, first));
  }
  if (mirrored) {
    mirrorUpperTriangle(distance.matrix, n);
    mirrorUpperTriangle(duration.matrix, n);
  }
  return { distance: distance.matrix, duration: duration.matrix, longestDistance, longestDuration };
}
