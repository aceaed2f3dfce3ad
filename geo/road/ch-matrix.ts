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

/** Sources crossing the core together (see chMatrixKeys): a core node's keys for all of them fill one 64-byte cache line. */
const lanes = 8;

/**
 * Core size for many-to-many matrices (see chMatrixKeys). A larger core stops the searches
 * earlier but widens every table row: on a 300 × 300 grid, 1,000 × 1,000 took 6 % less CPU with
 * 1,500 nodes than with 1,000 and no less with 2,000, for an 18 MB table (8 MB at 1,000) built
 * once per travel class in 0.3 s of CPU.
 */
export const matrixCoreSize = 1500;
/**
 * Below this many targets a matrix has no core, nor builds its table: a source's pass through
 * it costs a table row per place it enters it at. Measured with a core of 1,000 nodes, buckets
 * only against the core: 7.2 against 10.4 ms for 64 × 64 on a 100 × 100 grid, 31.6 against
 * 26.3 ms for 256 × 256; 38 against 24 ms for 64 × 64 on a 300 × 300 grid.
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
  return chKeysTo(hierarchy, targets, coreSize)(sources, work);
}

/** Keys from `sources` to the targets a `chKeysTo` was made for, as chMatrixKeys answers them. */
export type KeysFrom = (sources: readonly Endpoint[], work?: MatrixWork) => Float64Array;

/**
 * The keys to `targets` (see chMatrixKeys), from sources given later, a few at a time: the
 * targets' searches and buckets are made once, so a matrix asked in blocks of rows (to bound its
 * memory) pays for its columns once.
 */
export function chKeysTo(
  hierarchy: ContractionHierarchy,
  targets: readonly Endpoint[],
  coreSize = targets.length >= coreMinimumTargets ? matrixCoreSize : 0,
): KeysFrom {
  const ranked = rankedHierarchy(hierarchy);
  const core = hierarchyCore(ranked, coreSize);
  const search = searchesOver(ranked).forward;
  search.clearWork();
  const sides = targetSides(ranked, core, targets, search);
  const prepared: PreparedTargets = { ranked, core, search, sides, backward: { ...search.work }, count: targets.length };
  return (sources, work) => keysFrom(prepared, sources, work);
}

/**
 * The keys from one source to each of `targets` (Infinity where unconnected), as chMatrixKeys
 * answers them: the source's upward search first, its keys kept by node, then each target's
 * search reads them at the nodes it keeps. A row costs one search per point and no buckets, whose
 * index spans every node: on a 300 × 300 grid 200 rows of 12 legs took 434 ms, 661 ms with buckets.
 */
export function chRowKeys(hierarchy: ContractionHierarchy, source: Endpoint, targets: readonly Endpoint[]): Float64Array {
  const ranked = rankedHierarchy(hierarchy);
  const { forward, backward, sourceKey } = searchesOver(ranked);
  forward.run(ranked.arcs, true, rankedSeeds(ranked, source.sourceNodes), source.sourceKeys);
  const { nodes: sourceNodes, keys: sourceKeys, count: sourceCount } = forward.below;
  for (let i = 0; i < sourceCount; i++) sourceKey[sourceNodes[i]!] = sourceKeys[i]!;
  const keys = new Float64Array(targets.length);
  for (let column = 0; column < targets.length; column++) {
    const target = targets[column]!;
    backward.run(ranked.arcs, false, rankedSeeds(ranked, target.targetNodes), target.targetKeys);
    const { nodes, keys: reached, count } = backward.below;
    let best = Infinity;
    for (let i = 0; i < count; i++) {
      const total = sourceKey[nodes[i]!]! + reached[i]!;
      if (total < best) best = total;
    }
    keys[column] = best;
  }
  for (let i = 0; i < sourceCount; i++) sourceKey[sourceNodes[i]!] = Infinity;
  return keys;
}

/**
 * Searches over one ranked hierarchy, made once and shared by its matrices and rows: each holds
 * arrays over every node (2.9 MB on a 300 × 300 grid), too much to allocate per call. Calls run
 * one after another on a thread, and each run of a search starts from what the last one left.
 */
interface Searches {
  forward: UpwardSearch;
  backward: UpwardSearch;
  /** Infinity except while a row runs (see chRowKeys): the source's key at each node its search kept. */
  sourceKey: Float64Array;
}

const searches = new WeakMap<RankedHierarchy, Searches>();

function searchesOver(ranked: RankedHierarchy): Searches {
  let found = searches.get(ranked);
  if (!found) {
    const { nodeCount } = ranked;
    found = {
      forward: new UpwardSearch(nodeCount),
      backward: new UpwardSearch(nodeCount),
      sourceKey: new Float64Array(nodeCount).fill(Infinity),
    };
    searches.set(ranked, found);
  }
  return found;
}

/** What the targets' side of a matrix leaves for its sources (see chKeysTo). */
interface PreparedTargets {
  ranked: RankedHierarchy;
  core: HierarchyCore;
  /** The search the sources run, the targets' before them. */
  search: UpwardSearch;
  sides: TargetSides;
  /** The targets' searches' work. */
  backward: UpwardWork;
  count: number;
}

function keysFrom(
  { ranked, core, search, sides, backward, count: targetCount }: PreparedTargets,
  sources: readonly Endpoint[],
  work: MatrixWork | undefined,
): Float64Array {
  search.clearWork();
  const keys = new Float64Array(sources.length * targetCount).fill(Infinity);
  const columns = targetCount;
  const { first, target, key: bucketKey } = sides.buckets;
  const { exitFirst, exits } = sides;
  const { nodes: exitNode, keys: exitKey } = exits;
  const { keys: table, size: width } = core;
  // Every source's search first, each leaving the places it enters the core at (in source s's
  // row, `places` from `placeFirst[s]` to `placeFirst[s + 1]`): the searches then run back to
  // back, their arcs and keys in cache, and so do the passes over the core table.
  const places = new KeyedNodes();
  const placeFirst = new Int32Array(sources.length + 1);
  let scans = 0;
  for (let row = 0; row < sources.length; row++) {
    const source = sources[row]!;
    search.run(ranked.arcs, true, rankedSeeds(ranked, source.sourceNodes), source.sourceKeys, core.limit);
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
    keepNeeded(core, search.core, false);
    places.append(search.core);
    placeFirst[row + 1] = places.count;
  }
  // Sources go eight at a time through the core: each one's keys to every core node fill a row of
  // `laneKeys`, then the eight rows are interleaved in `coreKeys`, a core node's keys side by
  // side, so that a target's exits are read once for eight cells.
  const laneKeys = new Float64Array(width * lanes);
  const coreKeys = new Float64Array(width * lanes);
  const { nodes: placeNode, keys: placeKey } = places;
  for (let batch = 0; batch < sources.length; batch += lanes) {
    laneKeys.fill(Infinity);
    for (let lane = 0; lane < lanes && batch + lane < sources.length; lane++) {
      const row = batch + lane;
      relaxRows(table, width, placeNode, placeKey, placeFirst[row]!, placeFirst[row + 1]!, laneKeys, lane * width);
    }
    for (let lane = 0, at = 0; lane < lanes; lane++) for (let c = lane; c < coreKeys.length; c += lanes) coreKeys[c] = laneKeys[at++]!;
    const rows = Math.min(lanes, sources.length - batch);
    const offset = batch * columns;
    for (let column = 0; column < columns; column++) {
      const cell = offset + column;
      let best0 = keys[cell]!;
      let best1 = rows > 1 ? keys[cell + columns]! : Infinity;
      let best2 = rows > 2 ? keys[cell + 2 * columns]! : Infinity;
      let best3 = rows > 3 ? keys[cell + 3 * columns]! : Infinity;
      let best4 = rows > 4 ? keys[cell + 4 * columns]! : Infinity;
      let best5 = rows > 5 ? keys[cell + 5 * columns]! : Infinity;
      let best6 = rows > 6 ? keys[cell + 6 * columns]! : Infinity;
      let best7 = rows > 7 ? keys[cell + 7 * columns]! : Infinity;
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
        const total4 = coreKeys[at + 4]! + key;
        if (total4 < best4) best4 = total4;
        const total5 = coreKeys[at + 5]! + key;
        if (total5 < best5) best5 = total5;
        const total6 = coreKeys[at + 6]! + key;
        if (total6 < best6) best6 = total6;
        const total7 = coreKeys[at + 7]! + key;
        if (total7 < best7) best7 = total7;
      }
      keys[cell] = best0;
      if (rows > 1) keys[cell + columns] = best1;
      if (rows > 2) keys[cell + 2 * columns] = best2;
      if (rows > 3) keys[cell + 3 * columns] = best3;
      if (rows > 4) keys[cell + 4 * columns] = best4;
      if (rows > 5) keys[cell + 5 * columns] = best5;
      if (rows > 6) keys[cell + 6 * columns] = best6;
      if (rows > 7) keys[cell + 7 * columns] = best7;
    }
  }
  if (work) {
    work.forward = { ...search.work };
    work.backward = backward;
    work.bucketEntries = sides.buckets.target.length;
    work.bucketScans = scans;
    work.coreSize = core.size;
    work.coreEntries = places.count;
    work.coreExits = exits.count;
  }
  return keys;
}

/**
 * Lowers `out[at..at + width]` to the keys of the table rows `rows[from..to]` plus their `keys`:
 * four rows a pass, so that each key of `out` is read and written once for four rows (about a
 * quarter less CPU than a pass per row).
 */
function relaxRows(
  table: Float64Array,
  width: number,
  rows: Int32Array,
  keys: Float64Array,
  from: number,
  to: number,
  out: Float64Array,
  at: number,
): void {
  let i = from;
  for (; i + 3 < to; i += 4) {
    const key0 = keys[i]!;
    const key1 = keys[i + 1]!;
    const key2 = keys[i + 2]!;
    const key3 = keys[i + 3]!;
    const row0 = rows[i]! * width;
    const row1 = rows[i + 1]! * width;
    const row2 = rows[i + 2]! * width;
    const row3 = rows[i + 3]! * width;
    for (let c = 0; c < width; c++) {
      let best = out[at + c]!;
      const reached0 = key0 + table[row0 + c]!;
      if (reached0 < best) best = reached0;
      const reached1 = key1 + table[row1 + c]!;
      if (reached1 < best) best = reached1;
      const reached2 = key2 + table[row2 + c]!;
      if (reached2 < best) best = reached2;
      const reached3 = key3 + table[row3 + c]!;
      if (reached3 < best) best = reached3;
      out[at + c] = best;
    }
  }
  for (; i < to; i++) {
    const key = keys[i]!;
    const row = rows[i]! * width;
    for (let c = 0; c < width; c++) {
      const reached = key + table[row + c]!;
      if (reached < out[at + c]!) out[at + c] = reached;
    }
  }
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
    search.run(ranked.arcs, false, rankedSeeds(ranked, target.targetNodes), target.targetKeys, core.limit);
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
