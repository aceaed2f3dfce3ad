import type { ContractionHierarchy } from './contraction-hierarchy.js';

/**
 * A contraction hierarchy renumbered so that every arc goes from a smaller number to a larger
 * one (ascending numbers are a topological order of the upward graph). A node's level is one
 * more than that of its highest lower neighbour; the top levels, at least `levelOrderedTop`
 * nodes, which every search visits, come last and in level order, so that the highest numbers
 * are the most important nodes, together in memory. Below them, a search's nodes are few of
 * many and would be scattered over every level: they are numbered in reverse post-order of a
 * depth-first walk up the arcs instead, which keeps a node's higher neighbours close after it
 * (on a 300 × 300 grid the upward searches of a matrix took 10-15 % less CPU). Searches run on
 * these numbers; `rankOf` maps a turn-graph node to its number.
 */
export interface RankedHierarchy {
  nodeCount: number;
  rankOf: Int32Array;
  arcs: RankedArcs;
}

/**
 * Arcs stored at their lower end, in one block per node: node v's arcs from higher nodes (which
 * backward searches follow and forward searches stall on) are `first[2v + downArcs]` to
 * `first[2v + downArcs + 1]`, its arcs to higher nodes (the other way round) `first[2v + upArcs]`
 * to `first[2v + upArcs + 1]`, each lightest first (a search stalls on the first arc that shows a
 * node reached more cheaply, most often a light one). A search settling a node reads both kinds,
 * so they sit together: one place in `first` and one stretch of `node` and `weight` per node.
 */
export interface RankedArcs {
  first: Int32Array;
  node: Int32Array;
  weight: Float64Array;
}

/** Offsets in `RankedArcs.first` of a node's arcs from higher nodes and of its arcs to higher nodes. */
export const downArcs = 0;
export const upArcs = 1;

const ranked = new WeakMap<ContractionHierarchy, RankedHierarchy>();

/** The hierarchy's ranked form, built on first use (linear in its arcs) and kept while it lives. */
export function rankedHierarchy(hierarchy: ContractionHierarchy): RankedHierarchy {
  let found = ranked.get(hierarchy);
  if (!found) {
    found = rank(hierarchy);
    ranked.set(hierarchy, found);
  }
  return found;
}

/** Nodes of the top levels numbered by level (see RankedHierarchy): more than a matrix's core. */
export const levelOrderedTop = 4096;

function rank(hierarchy: ContractionHierarchy): RankedHierarchy {
  const { nodeCount } = hierarchy;
  const level = levels(hierarchy);
  // Counting sort by level, stable in node number.
  let top = 0;
  for (let v = 0; v < nodeCount; v++) top = Math.max(top, level[v]!);
  const start = new Int32Array(top + 2);
  for (let v = 0; v < nodeCount; v++) start[level[v]! + 1]!++;
  for (let l = 0; l <= top; l++) start[l + 1]! += start[l]!;
  const byLevel = new Int32Array(nodeCount);
  const fill = start.slice();
  for (let v = 0; v < nodeCount; v++) byLevel[fill[level[v]!]!++] = v;
  let lowest = top;
  while (lowest > 0 && nodeCount - start[lowest]! < levelOrderedTop) lowest--;
  const below = start[lowest]!;
  const nodeOf = new Int32Array(nodeCount);
  nodeOf.set(byLevel.subarray(below), below);
  walkUp(hierarchy, byLevel.subarray(0, below), nodeOf);
  const rankOf = new Int32Array(nodeCount);
  for (let r = 0; r < nodeCount; r++) rankOf[nodeOf[r]!] = r;
  return {
    nodeCount,
    rankOf,
    arcs: renumbered(hierarchy, nodeOf, rankOf),
  };
}

/**
 * Numbers `nodes` (the levels below the top ones, bottom first) 0..nodes.length - 1 into
 * `nodeOf`, in reverse post-order of a depth-first walk up the arcs among them, started from
 * each in turn: an arc's higher end is finished, so numbered higher, before its lower end.
 */
function walkUp(hierarchy: ContractionHierarchy, nodes: Int32Array, nodeOf: Int32Array): void {
  const { nodeCount, upFirst, upTarget, downFirst, downSource } = hierarchy;
  const inside = new Uint8Array(nodeCount);
  for (let i = 0; i < nodes.length; i++) inside[nodes[i]!] = 1;
  const seen = new Uint8Array(nodeCount);
  const stack = new Int32Array(nodes.length);
  // Next arc to follow of each node on the stack, up arcs then down arcs (both lead higher).
  const next = new Int32Array(nodeCount);
  let finished = nodes.length;
  for (let i = 0; i < nodes.length; i++) {
    const root = nodes[i]!;
    if (seen[root] === 1) continue;
    seen[root] = 1;
    let depth = 0;
    stack[depth++] = root;
    while (depth > 0) {
      const v = stack[depth - 1]!;
      const ups = upFirst[v + 1]! - upFirst[v]!;
      const arc = next[v]!;
      if (arc === ups + downFirst[v + 1]! - downFirst[v]!) {
        nodeOf[--finished] = v;
        depth--;
        continue;
      }
      next[v] = arc + 1;
      const w = arc < ups ? upTarget[upFirst[v]! + arc]! : downSource[downFirst[v]! + arc - ups]!;
      if (inside[w] === 1 && seen[w] === 0) {
        seen[w] = 1;
        stack[depth++] = w;
      }
    }
  }
}

/** Longest path from a node without lower neighbours, by Kahn's algorithm on lower → higher arcs. */
function levels(hierarchy: ContractionHierarchy): Int32Array {
  const { nodeCount, upFirst, upTarget, downFirst, downSource } = hierarchy;
  const lower = new Int32Array(nodeCount);
  for (let a = 0; a < upFirst[nodeCount]!; a++) lower[upTarget[a]!]!++;
  for (let a = 0; a < downFirst[nodeCount]!; a++) lower[downSource[a]!]!++;
  const level = new Int32Array(nodeCount);
  const queue = new Int32Array(nodeCount);
  let tail = 0;
  for (let v = 0; v < nodeCount; v++) if (lower[v] === 0) queue[tail++] = v;
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    const next = level[v]! + 1;
    for (let a = upFirst[v]!; a < upFirst[v + 1]!; a++) {
      const w = upTarget[a]!;
      if (level[w]! < next) level[w] = next;
      if (--lower[w]! === 0) queue[tail++] = w;
    }
    for (let a = downFirst[v]!; a < downFirst[v + 1]!; a++) {
      const w = downSource[a]!;
      if (level[w]! < next) level[w] = next;
      if (--lower[w]! === 0) queue[tail++] = w;
    }
  }
  if (tail !== nodeCount) throw new Error('contraction hierarchy has a cycle');
  return level;
}

function renumbered(hierarchy: ContractionHierarchy, nodeOf: Int32Array, rankOf: Int32Array): RankedArcs {
  const { upFirst, upTarget, upWeight, downFirst, downSource, downWeight } = hierarchy;
  const n = nodeOf.length;
  const arcCount = upFirst[hierarchy.nodeCount]! + downFirst[hierarchy.nodeCount]!;
  const out = { first: new Int32Array(2 * n + 1), node: new Int32Array(arcCount), weight: new Float64Array(arcCount) };
  let at = 0;
  for (let r = 0; r < n; r++) {
    const v = nodeOf[r]!;
    at = appendSorted(out, at, rankOf, downFirst[v]!, downFirst[v + 1]!, downSource, downWeight);
    out.first[2 * r + 1] = at;
    at = appendSorted(out, at, rankOf, upFirst[v]!, upFirst[v + 1]!, upTarget, upWeight);
    out.first[2 * r + 2] = at;
  }
  return out;
}

/** Appends arcs begin..end (renumbered), lightest first, at `at`; returns the new end. */
function appendSorted(
  out: RankedArcs,
  at: number,
  rankOf: Int32Array,
  begin: number,
  end: number,
  node: Int32Array,
  weight: Float64Array,
): number {
  const start = at;
  for (let a = begin; a < end; a++) {
    const to = rankOf[node[a]!]!;
    const w = weight[a]!;
    let k = at++;
    for (; k > start && out.weight[k - 1]! > w; k--) {
      out.node[k] = out.node[k - 1]!;
      out.weight[k] = out.weight[k - 1]!;
    }
    out.node[k] = to;
    out.weight[k] = w;
  }
  return at;
}
