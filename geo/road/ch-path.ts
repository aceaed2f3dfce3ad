import type { ContractionHierarchy } from './contraction-hierarchy.js';
import type { Endpoint } from './endpoints.js';
import type { SearchSpace } from './search-space.js';

export interface TurnPath {
  key: number;
  /** Turn-graph nodes (directed segments) from the departure segment to the arrival segment. */
  directed: number[];
}

/** Work of point-to-point queries: nodes settled by both sides, of which stalled (not expanded). */
export interface PathWork {
  settled: number;
  stalled: number;
}

/**
 * Point-to-point query: bidirectional Dijkstra on the upward graphs, each side stopping once its
 * queue holds nothing shorter than the best meeting found; then shortcuts are unpacked into
 * turn-graph nodes. `direct` is the same-segment candidate (see sameSegmentKey).
 */
export function chPath(
  hierarchy: ContractionHierarchy,
  from: Endpoint,
  to: Endpoint,
  direct: number,
  forward: SearchSpace,
  backward: SearchSpace,
  work?: PathWork,
): TurnPath | undefined {
  const { key: best, meeting } = meetUpward(hierarchy, from, to, forward, backward, work);
  if (direct <= best) {
    if (direct === Infinity) return undefined;
    const shared = from.departures.find((d) => to.arrivals.some((a) => a.directed === d.directed && a.along >= d.along))!;
    return { key: direct, directed: [shared.directed] };
  }
  if (meeting < 0) return undefined;
  const upward: number[] = [];
  for (let node = meeting; forward.parent[node] !== -1; node = forward.parent[node]!) upward.push(node);
  upward.push(sourceSeedOf(forward, meeting));
  upward.reverse();
  const directed = [from.sourceDeparture[from.sourceNodes.indexOf(upward[0]!)]!];
  directed.push(upward[0]!);
  for (let i = 1; i < upward.length; i++)
    unpackArc(hierarchy, upward[i - 1]!, upward[i]!, hierarchy.upMiddle[forward.parentArc[upward[i]!]!]!, directed);
  for (let node = meeting; backward.parent[node] !== -1; node = backward.parent[node]!) {
    const next = backward.parent[node]!;
    unpackArc(hierarchy, node, next, hierarchy.downMiddle[backward.parentArc[node]!]!, directed);
  }
  return { key: best, directed };
}

/**
 * The key of the shortest path through the hierarchy from `from` to `to` (Infinity when none),
 * without the same-segment candidate and without unpacking the path: a leg's figures need the
 * key alone.
 */
export function chKey(hierarchy: ContractionHierarchy, from: Endpoint, to: Endpoint, forward: SearchSpace, backward: SearchSpace): number {
  return meetUpward(hierarchy, from, to, forward, backward).key;
}

/**
 * Bidirectional Dijkstra on the upward graphs, each side stopping once its queue holds nothing
 * shorter than the best meeting found: that key and the node the two sides met at (-1: none).
 * Each side stalls on demand: a node that its side reaches more cheaply through a higher
 * neighbour (an arc of the other side's graph, read backwards) is on no shortest up-down path, so
 * it is not expanded; its key still bounds the best meeting, being the length of a real path.
 */
function meetUpward(
  hierarchy: ContractionHierarchy,
  from: Endpoint,
  to: Endpoint,
  forward: SearchSpace,
  backward: SearchSpace,
  work?: PathWork,
): { key: number; meeting: number } {
  forward.start();
  backward.start();
  for (let i = 0; i < from.sourceNodes.length; i++) forward.reach(from.sourceNodes[i]!, from.sourceKeys[i]!, -1, -1);
  for (let i = 0; i < to.targetNodes.length; i++) backward.reach(to.targetNodes[i]!, to.targetKeys[i]!, -1, -1);
  let best = Infinity;
  let meeting = -1;
  let settled = 0;
  let stalled = 0;
  const { upFirst, upTarget, upWeight, downFirst, downSource, downWeight } = hierarchy;
  while (forward.heap.size > 0 || backward.heap.size > 0) {
    const forwardDone = forward.heap.topKey() >= best;
    const backwardDone = backward.heap.topKey() >= best;
    if (forwardDone && backwardDone) break;
    const useForward = !forwardDone && (backwardDone || forward.heap.topKey() <= backward.heap.topKey());
    const space = useForward ? forward : backward;
    const other = useForward ? backward : forward;
    const key = space.heap.topKey();
    const node = space.heap.pop();
    if (key > space.distanceOf(node)) continue;
    settled++;
    const total = key + other.distanceOf(node);
    if (total < best) {
      best = total;
      meeting = node;
    }
    if (
      stalls(space, node, key, useForward ? downFirst : upFirst, useForward ? downSource : upTarget, useForward ? downWeight : upWeight)
    ) {
      stalled++;
      continue;
    }
    const first = useForward ? upFirst : downFirst;
    const neighbour = useForward ? upTarget : downSource;
    const weight = useForward ? upWeight : downWeight;
    for (let arc = first[node]!; arc < first[node + 1]!; arc++) space.reach(neighbour[arc]!, key + weight[arc]!, node, arc);
  }
  if (work) {
    work.settled += settled;
    work.stalled += stalled;
  }
  return { key: best, meeting };
}

/** Whether `space` reaches `node` more cheaply than `key` through one of the arcs from higher nodes into it (`first`, `higher`, `weight`). */
function stalls(space: SearchSpace, node: number, key: number, first: Int32Array, higher: Int32Array, weight: Float64Array): boolean {
  for (let arc = first[node]!, end = first[node + 1]!; arc < end; arc++)
    if (space.distanceOf(higher[arc]!) + weight[arc]! < key) return true;
  return false;
}

function sourceSeedOf(space: SearchSpace, node: number): number {
  let seed = node;
  while (space.parent[seed] !== -1) seed = space.parent[seed]!;
  return seed;
}

/** Appends the turn-graph nodes of arc from→to after `from`, ending with `to`. */
function unpackArc(hierarchy: ContractionHierarchy, from: number, to: number, middle: number, out: number[]): void {
  if (middle < 0) {
    out.push(to);
    return;
  }
  let down = hierarchy.downFirst[middle]!;
  while (hierarchy.downSource[down] !== from) down++;
  let up = hierarchy.upFirst[middle]!;
  while (hierarchy.upTarget[up] !== to) up++;
  unpackArc(hierarchy, from, middle, hierarchy.downMiddle[down]!, out);
  unpackArc(hierarchy, middle, to, hierarchy.upMiddle[up]!, out);
}
