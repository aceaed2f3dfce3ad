import type { RankedArcs, RankedHierarchy } from './ranked-hierarchy.js';

/**
 * The top ranks of a ranked hierarchy, numbers `limit..nodeCount`, with the shortest keys
 * between every two of them: row a of `keys` (size × size) holds the keys from core node a
 * (index a, node limit + a) to every core node. Every arc of a core node leads to another core
 * node, so the core is a graph of its own on which up-down paths are shortest paths: each row
 * is one sweep up the ranks along the up arcs and one down along the down arcs.
 */
export interface HierarchyCore {
  limit: number;
  size: number;
  keys: Float64Array;
}

const cores = new WeakMap<RankedHierarchy, HierarchyCore>();

/** The core of `size` nodes (clamped to the hierarchy), built on first use and kept. */
export function hierarchyCore(ranked: RankedHierarchy, size: number): HierarchyCore {
  const found = cores.get(ranked);
  const clamped = Math.min(size, ranked.nodeCount);
  if (found && found.size === clamped) return found;
  const limit = ranked.nodeCount - clamped;
  const keys = new Float64Array(clamped * clamped).fill(Infinity);
  for (let a = 0; a < clamped; a++) {
    const row = keys.subarray(a * clamped, (a + 1) * clamped);
    row[a] = 0;
    sweepUp(ranked.up, limit, row, a);
    sweepDown(ranked.down, limit, row);
  }
  const core = { limit, size: clamped, keys };
  cores.set(ranked, core);
  return core;
}

function sweepUp(arcs: RankedArcs, limit: number, keys: Float64Array, from: number): void {
  const { first, node, weight } = arcs;
  for (let c = from; c < keys.length; c++) {
    const key = keys[c]!;
    if (key === Infinity) continue;
    for (let a = first[limit + c]!; a < first[limit + c + 1]!; a++) {
      const to = node[a]! - limit;
      const reached = key + weight[a]!;
      if (reached < keys[to]!) keys[to] = reached;
    }
  }
}

function sweepDown(arcs: RankedArcs, limit: number, keys: Float64Array): void {
  const { first, node, weight } = arcs;
  for (let c = keys.length - 1; c >= 0; c--) {
    let best = keys[c]!;
    for (let a = first[limit + c]!; a < first[limit + c + 1]!; a++) {
      const reached = keys[node[a]! - limit]! + weight[a]!;
      if (reached < best) best = reached;
    }
    keys[c] = best;
  }
}

/**
 * Drops the places where a search met the core (`nodes` as core indices, `keys`) that another
 * makes redundant, and returns how many are left (moved to the front, in order). For a source,
 * place a is redundant when another place b reaches it no later (key b + core key b → a ≤ key
 * a): every core node is then reached from b as cheaply. For a target (`toward`), when key
 * a → b + key b ≤ key a. A tie goes to the earlier place, so chains of redundant places (keys
 * never grow along them, and fall unless tied) end at one that is kept.
 */
export function keepNeeded(core: HierarchyCore, nodes: Int32Array, keys: Float64Array, count: number, toward: boolean): number {
  const { size, keys: table } = core;
  const needed = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const a = nodes[i]!;
    const key = keys[i]!;
    needed[i] = 1;
    for (let j = 0; j < count; j++) {
      if (j === i) continue;
      const b = nodes[j]!;
      const via = keys[j]! + (toward ? table[a * size + b]! : table[b * size + a]!);
      if (via < key || (via === key && j < i)) {
        needed[i] = 0;
        break;
      }
    }
  }
  let kept = 0;
  for (let i = 0; i < count; i++) {
    if (needed[i] === 0) continue;
    nodes[kept] = nodes[i]!;
    keys[kept++] = keys[i]!;
  }
  return kept;
}
