import type { ContractionHierarchy } from './contraction-hierarchy.js';
import type { Endpoint } from './endpoints.js';
import { rankedHierarchy, type RankedHierarchy } from './ranked-hierarchy.js';
import { UpwardSearch, type UpwardWork } from './upward-search.js';

/** Work of one matrix: both sides' searches, bucket entries left by targets and read by sources. */
export interface MatrixWork {
  forward: UpwardWork;
  backward: UpwardWork;
  bucketEntries: number;
  bucketScans: number;
}

/**
 * Many-to-many keys with buckets (Knopp et al. 2007) on the ranked hierarchy: one backward
 * upward search per target leaves (target, key) in a bucket at every node it keeps; one forward
 * upward search per source then reads the buckets of the nodes it keeps. Both sides stall on
 * demand (see UpwardSearch). Buckets are stored by node in one typed array each, so a source
 * reads a bucket contiguously. Returns row-major keys, Infinity where unconnected.
 */
export function chMatrixKeys(
  hierarchy: ContractionHierarchy,
  sources: readonly Endpoint[],
  targets: readonly Endpoint[],
  work?: MatrixWork,
): Float64Array {
  const ranked = rankedHierarchy(hierarchy);
  const search = new UpwardSearch(ranked.nodeCount);
  const buckets = fillBuckets(ranked, targets, search);
  const backward = { ...search.work };
  search.work.settled = search.work.stalled = search.work.relaxed = 0;
  const keys = new Float64Array(sources.length * targets.length).fill(Infinity);
  const columns = targets.length;
  const { first, target, key: bucketKey } = buckets;
  let scans = 0;
  for (let row = 0; row < sources.length; row++) {
    const source = sources[row]!;
    search.run(ranked.up, ranked.down, rankedSeeds(ranked, source.sourceNodes), source.sourceKeys);
    const { nodes, keys: reached, count } = search;
    const offset = row * columns;
    for (let i = 0; i < count; i++) {
      const node = nodes[i]!;
      const key = reached[i]!;
      const begin = first[node]!;
      const end = first[node + 1]!;
      scans += end - begin;
      for (let entry = begin; entry < end; entry++) {
        const cell = offset + target[entry]!;
        const total = key + bucketKey[entry]!;
        if (total < keys[cell]!) keys[cell] = total;
      }
    }
  }
  if (work) {
    work.forward = { ...search.work };
    work.backward = backward;
    work.bucketEntries = buckets.target.length;
    work.bucketScans = scans;
  }
  return keys;
}

function rankedSeeds(ranked: RankedHierarchy, nodes: Int32Array): Int32Array {
  const seeds = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) seeds[i] = ranked.rankOf[nodes[i]!]!;
  return seeds;
}

interface Buckets {
  first: Int32Array;
  target: Int32Array;
  key: Float64Array;
}

function fillBuckets(ranked: RankedHierarchy, targets: readonly Endpoint[], search: UpwardSearch): Buckets {
  let nodes = new Int32Array(1024);
  let columns = new Int32Array(1024);
  let keys = new Float64Array(1024);
  let size = 0;
  for (let column = 0; column < targets.length; column++) {
    const target = targets[column]!;
    search.run(ranked.down, ranked.up, rankedSeeds(ranked, target.targetNodes), target.targetKeys);
    while (size + search.count > nodes.length) {
      nodes = grown(nodes);
      columns = grown(columns);
      keys = grown(keys);
    }
    nodes.set(search.nodes.subarray(0, search.count), size);
    columns.fill(column, size, size + search.count);
    keys.set(search.keys.subarray(0, search.count), size);
    size += search.count;
  }
  // Counting sort by node, stable in column, so that a forward search reads each bucket contiguously.
  const n = ranked.nodeCount;
  const first = new Int32Array(n + 1);
  for (let i = 0; i < size; i++) first[nodes[i]! + 1]!++;
  for (let v = 0; v < n; v++) first[v + 1]! += first[v]!;
  const fill = first.slice(0, n);
  const target = new Int32Array(size);
  const key = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const at = fill[nodes[i]!]!++;
    target[at] = columns[i]!;
    key[at] = keys[i]!;
  }
  return { first, target, key };
}

function grown<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
