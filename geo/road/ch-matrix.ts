import type { ContractionHierarchy } from './contraction-hierarchy.js';
import type { Endpoint } from './endpoints.js';
import { hierarchyCore, keepNeeded, type HierarchyCore } from './hierarchy-core.js';
import { rankedHierarchy, type RankedHierarchy } from './ranked-hierarchy.js';
import { grown, KeyedNodes } from './keyed-nodes.js';
import { UpwardSearch, type UpwardWork } from './upward-search.js';

/**
 * Work of one matrix: both sides' searches, bucket entries left by targets and read by sources,
 * arcs read by core sweeps, and the (target, core node) pairs each source combines.
 */
export interface MatrixWork {
  forward: UpwardWork;
  backward: UpwardWork;
  bucketEntries: number;
  bucketScans: number;
  coreSize: number;
  /** Places where sources met the core and were needed (each costs a row of the core table). */
  coreEntries: number;
  /** Places where targets' paths leave the core, summed over targets (each costs one read per source). */
  coreExits: number;
}

/** Sources crossing the core together (see chMatrixKeys). */
const lanes = 4;

/** Core size for many-to-many matrices (see chMatrixKeys). */
export const matrixCoreSize = 1000;
/**
 * Below this many targets a matrix has no core, nor builds its table (on a 300 × 300 grid about
 * 0.2 s of CPU, once per travel class): a source's pass through it costs a table row per place
 * it enters it at. Measured, buckets only against the core: 7.2 against 10.4 ms for 64 × 64 on
 * a 100 × 100 grid, 31.6 against 26.3 ms for 256 × 256; 38 against 24 ms for 64 × 64 on a
 * 300 × 300 grid.
 */
export const coreMinimumTargets = 128;

/**
 * Many-to-many keys on the ranked hierarchy. Below the core (its top `coreSize` nodes), buckets
 * (Knopp et al. 2007): one backward upward search per target leaves (target, key) in a bucket
 * at every node it keeps, and one forward upward search per source reads the buckets of the
 * nodes it keeps, both stalling on demand (see UpwardSearch). On a grid nearly every bucket
 * entry read sat in the top ranks, where each search meets each other, so the searches stop at
 * the core and it is crossed with its table of keys instead (see HierarchyCore): a source
 * adds a table row per place it needs to enter the core at, which gives its keys to every core
 * node, and a target keeps the places its shortest paths need to leave the core at; a cell then
 * reads one source key per such place. Returns row-major keys, Infinity where unconnected.
 */
export function chMatrixKeys(
  hierarchy: ContractionHierarchy,
  sources: readonly Endpoint[],
  targets: readonly Endpoint[],
  work?: MatrixWork,
  coreSize = targets.length >= coreMinimumTargets ? matrixCoreSize : 0,
): Float64Array {
  const ranked = rankedHierarchy(hierarchy);
  const core = hierarchyCore(ranked, coreSize);
  const search = new UpwardSearch(ranked.nodeCount);
  const sides = targetSides(ranked, core, targets, search);
  const backward = { ...search.work };
  search.work.settled = search.work.stalled = search.work.relaxed = 0;
  const keys = new Float64Array(sources.length * targets.length).fill(Infinity);
  const columns = targets.length;
  const { first, target, key: bucketKey } = sides.buckets;
  const { exitFirst, exits } = sides;
  const { nodes: exitNode, keys: exitKey } = exits;
  const { keys: table, size: width } = core;
  // Sources go four at a time through the core: their keys to each core node side by side, so
  // that a target's exits are read once for four cells.
  const coreKeys = new Float64Array(width * lanes);
  let scans = 0;
  let entries = 0;
  for (let batch = 0; batch < sources.length; batch += lanes) {
    coreKeys.fill(Infinity);
    for (let lane = 0; lane < lanes && batch + lane < sources.length; lane++) {
      const row = batch + lane;
      const source = sources[row]!;
      search.run(ranked.up, ranked.down, rankedSeeds(ranked, source.sourceNodes), source.sourceKeys, core.limit);
      const { nodes, keys: reached, count } = search.below;
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
      const needed = keepNeeded(core, search.core, false);
      const { nodes: coreNodes, keys: metKeys } = search.core;
      entries += needed;
      for (let i = 0; i < needed; i++) {
        const key = metKeys[i]!;
        const row = coreNodes[i]! * width;
        for (let c = 0, at = lane; c < width; c++, at += lanes) {
          const reached = key + table[row + c]!;
          if (reached < coreKeys[at]!) coreKeys[at] = reached;
        }
      }
    }
    const rows = Math.min(lanes, sources.length - batch);
    const offset = batch * columns;
    for (let column = 0; column < columns; column++) {
      let best0 = keys[offset + column]!;
      let best1 = rows > 1 ? keys[offset + columns + column]! : Infinity;
      let best2 = rows > 2 ? keys[offset + 2 * columns + column]! : Infinity;
      let best3 = rows > 3 ? keys[offset + 3 * columns + column]! : Infinity;
      for (let exit = exitFirst[column]!, end = exitFirst[column + 1]!; exit < end; exit++) {
        const at = exitNode[exit]! * lanes;
        const key = exitKey[exit]!;
        const total0 = coreKeys[at]! + key;
        if (total0 < best0) best0 = total0;
        const total1 = coreKeys[at + 1]! + key;
        if (total1 < best1) best1 = total1;
        const total2 = coreKeys[at + 2]! + key;
        if (total2 < best2) best2 = total2;
        const total3 = coreKeys[at + 3]! + key;
        if (total3 < best3) best3 = total3;
      }
      keys[offset + column] = best0;
      if (rows > 1) keys[offset + columns + column] = best1;
      if (rows > 2) keys[offset + 2 * columns + column] = best2;
      if (rows > 3) keys[offset + 3 * columns + column] = best3;
    }
  }
  if (work) {
    work.forward = { ...search.work };
    work.backward = backward;
    work.bucketEntries = sides.buckets.target.length;
    work.bucketScans = scans;
    work.coreSize = core.size;
    work.coreEntries = entries;
    work.coreExits = exits.count;
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

/**
 * What the targets leave for the sources: buckets below the core and, per target, the core
 * nodes to leave it at (core index, key): target t's are `exits` from `exitFirst[t]` to `exitFirst[t + 1]`.
 */
interface TargetSides {
  buckets: Buckets;
  exitFirst: Int32Array;
  exits: KeyedNodes;
}

function targetSides(ranked: RankedHierarchy, core: HierarchyCore, targets: readonly Endpoint[], search: UpwardSearch): TargetSides {
  let nodes = new Int32Array(1024);
  let columns = new Int32Array(1024);
  let keys = new Float64Array(1024);
  let size = 0;
  const exitFirst = new Int32Array(targets.length + 1);
  const exits = new KeyedNodes();
  for (let column = 0; column < targets.length; column++) {
    const target = targets[column]!;
    search.run(ranked.down, ranked.up, rankedSeeds(ranked, target.targetNodes), target.targetKeys, core.limit);
    const { below } = search;
    while (size + below.count > nodes.length) {
      nodes = grown(nodes);
      columns = grown(columns);
      keys = grown(keys);
    }
    nodes.set(below.nodes.subarray(0, below.count), size);
    columns.fill(column, size, size + below.count);
    keys.set(below.keys.subarray(0, below.count), size);
    size += below.count;
    keepNeeded(core, search.core, true);
    exits.append(search.core);
    exitFirst[column + 1] = exits.count;
  }
  return { buckets: bucketsByNode(ranked.nodeCount, nodes, columns, keys, size), exitFirst, exits };
}

/** Counting sort by node, stable in column, so that a forward search reads each bucket contiguously. */
function bucketsByNode(n: number, nodes: Int32Array, columns: Int32Array, keys: Float64Array, size: number): Buckets {
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
