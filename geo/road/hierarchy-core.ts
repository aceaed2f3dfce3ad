import type { RankedArcs, RankedHierarchy } from './ranked-hierarchy.js';

/**
 * The top ranks of a ranked hierarchy, numbers `limit..nodeCount`: every arc of a core node
 * leads to another core node (arcs go to higher numbers), so the core is a graph of its own
 * on which up-down paths are shortest paths. `lower` holds, for each core node c, the arcs
 * c → x to lower core nodes (the down arcs, stored at x, turned round), so that a node's
 * arcs in the forward direction are its `up` arcs plus its `lower` arcs.
 */
export interface HierarchyCore {
  limit: number;
  size: number;
  lower: RankedArcs;
}

const cores = new WeakMap<RankedHierarchy, HierarchyCore>();

/** The core of `size` nodes (clamped to the hierarchy), built on first use and kept. */
export function hierarchyCore(ranked: RankedHierarchy, size: number): HierarchyCore {
  const found = cores.get(ranked);
  const clamped = Math.min(size, ranked.nodeCount);
  if (found && found.size === clamped) return found;
  const core = buildCore(ranked, clamped);
  cores.set(ranked, core);
  return core;
}

function buildCore(ranked: RankedHierarchy, size: number): HierarchyCore {
  const limit = ranked.nodeCount - size;
  const { first, node, weight } = ranked.down;
  const lowerFirst = new Int32Array(size + 1);
  for (let x = limit; x < ranked.nodeCount; x++) for (let a = first[x]!; a < first[x + 1]!; a++) lowerFirst[node[a]! - limit + 1]!++;
  for (let c = 0; c < size; c++) lowerFirst[c + 1]! += lowerFirst[c]!;
  const fill = lowerFirst.slice(0, size);
  const lowerNode = new Int32Array(lowerFirst[size]!);
  const lowerWeight = new Float64Array(lowerFirst[size]!);
  for (let x = limit; x < ranked.nodeCount; x++) {
    for (let a = first[x]!; a < first[x + 1]!; a++) {
      const at = fill[node[a]! - limit]!++;
      lowerNode[at] = x;
      lowerWeight[at] = weight[a]!;
    }
  }
  return { limit, size, lower: { first: lowerFirst, node: lowerNode, weight: lowerWeight } };
}

/**
 * Turns keys on the core (index c for node limit + c), set where a search entered it, into
 * shortest keys to (`fromSource`) or from (`toTarget`) every core node: a sweep up the ranks
 * along the search's upward arcs, then one down the ranks along the other side's; each arc is
 * read once. `up`/`down` are the arcs the search followed and the other side's.
 */
export function sweepCore(core: HierarchyCore, searched: RankedArcs, other: RankedArcs, keys: Float64Array): number {
  const { limit, size } = core;
  {
    const { first, node, weight } = searched;
    for (let c = 0; c < size; c++) {
      const key = keys[c]!;
      if (key === Infinity) continue;
      for (let a = first[limit + c]!; a < first[limit + c + 1]!; a++) {
        const to = node[a]! - limit;
        const reached = key + weight[a]!;
        if (reached < keys[to]!) keys[to] = reached;
      }
    }
  }
  const { first, node, weight } = other;
  for (let c = size - 1; c >= 0; c--) {
    let best = keys[c]!;
    for (let a = first[limit + c]!; a < first[limit + c + 1]!; a++) {
      const reached = keys[node[a]! - limit]! + weight[a]!;
      if (reached < best) best = reached;
    }
    keys[c] = best;
  }
  return searched.first[limit + size]! - searched.first[limit]! + other.first[limit + size]! - other.first[limit]!;
}

/**
 * Whether a target's shortest paths must leave the core at `c` (key `key` from c to the target,
 * `toTarget` the shortest keys from every core node): not if the key is not the shortest, nor
 * if a core arc from c leads to a node from which the rest is no longer — then every source's
 * best through c is matched through that node (chains of such arcs end at a node that is needed).
 */
export function leavesCoreAt(core: HierarchyCore, up: RankedArcs, c: number, key: number, toTarget: Float64Array): boolean {
  if (key !== toTarget[c]) return false;
  const { limit } = core;
  for (let a = up.first[limit + c]!; a < up.first[limit + c + 1]!; a++)
    if (up.weight[a]! + toTarget[up.node[a]! - limit]! <= key) return false;
  const { first, node, weight } = core.lower;
  for (let a = first[c]!; a < first[c + 1]!; a++) if (weight[a]! + toTarget[node[a]! - limit]! <= key) return false;
  return true;
}
