import type { KeyedNodes } from './keyed-nodes.js';
import { downArcs, upArcs, type RankedArcs, type RankedHierarchy } from './ranked-hierarchy.js';

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

const cores = new WeakMap<RankedHierarchy, Map<number, HierarchyCore>>();

/** The core of `size` nodes (clamped to the hierarchy), built on first use and kept. */
export function hierarchyCore(ranked: RankedHierarchy, size: number): HierarchyCore {
  const clamped = Math.min(size, ranked.nodeCount);
  let bySize = cores.get(ranked);
  if (!bySize) {
    bySize = new Map();
    cores.set(ranked, bySize);
  }
  let core = bySize.get(clamped);
  if (!core) {
    core = buildCore(ranked, clamped);
    bySize.set(clamped, core);
  }
  return core;
}

function buildCore(ranked: RankedHierarchy, size: number): HierarchyCore {
  const limit = ranked.nodeCount - size;
  const keys = new Float64Array(size * size).fill(Infinity);
  for (let a = 0; a < size; a++) {
    const row = keys.subarray(a * size, (a + 1) * size);
    row[a] = 0;
    sweepUp(ranked.arcs, limit, row, a);
    sweepDown(ranked.arcs, limit, row);
  }
  return { limit, size, keys };
}

function sweepUp(arcs: RankedArcs, limit: number, keys: Float64Array, from: number): void {
  const { first, node, weight } = arcs;
  for (let c = from; c < keys.length; c++) {
    const key = keys[c]!;
    if (key === Infinity) continue;
    for (let a = first[2 * (limit + c) + upArcs]!, end = first[2 * (limit + c) + upArcs + 1]!; a < end; a++) {
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
    for (let a = first[2 * (limit + c) + downArcs]!, end = first[2 * (limit + c) + downArcs + 1]!; a < end; a++) {
      const reached = keys[node[a]! - limit]! + weight[a]!;
      if (reached < best) best = reached;
    }
    keys[c] = best;
  }
}

/**
 * Drops the places where a search met the core (ranked numbers with their keys, in the order
 * settled, so by key) that another makes redundant, keeps the others in order as core indices
 * (number − limit) and returns how many are left. For a source, place a is redundant when
 * another place b reaches it no later (key b + core key b → a ≤ key a): every core node is then
 * reached from b as cheaply. For a target (`toward`), when key a → b + key b ≤ key a. Only a
 * place with a key no larger can make another redundant, and a place made redundant by a
 * dropped one is also by the place that dropped it (the table's keys are shortest), so each
 * place is compared with the places kept before it: a handful instead of all.
 */
export function keepNeeded(core: HierarchyCore, places: KeyedNodes, toward: boolean): number {
  const { size, limit, keys: table } = core;
  const { nodes, keys } = places;
  let kept = 0;
  for (let i = 0; i < places.count; i++) {
    const a = nodes[i]! - limit;
    const key = keys[i]!;
    let needed = true;
    for (let j = 0; j < kept; j++) {
      const b = nodes[j]!;
      if (keys[j]! + (toward ? table[a * size + b]! : table[b * size + a]!) <= key) {
        needed = false;
        break;
      }
    }
    if (!needed) continue;
    nodes[kept] = a;
    keys[kept++] = key;
  }
  places.count = kept;
  return kept;
}
