import type { ContractionHierarchy } from './contraction-hierarchy.js';
import { MinHeap } from './min-heap.js';
import type { TurnGraph } from './turn-graph.js';

/** Witness searches stop after settling this many nodes; a cut-off search only adds shortcuts, never loses a path. */
const simulationSettleLimit = 60;
const contractionSettleLimit = 500;

/**
 * Contracts a directed graph node by node, least important first. Importance is the edge
 * difference (shortcuts added minus arcs removed) plus the number of already-contracted
 * neighbours and the node's level, which keeps the hierarchy flat and uniform; priorities are
 * updated lazily when popped and eagerly for the neighbours of each contracted node.
 */
export function contract(graph: TurnGraph, onProgress?: (fraction: number) => void): ContractionHierarchy {
  const n = graph.nodeCount;
  const dynamic = new DynamicGraph(graph);
  const witness = new WitnessSearch(n, dynamic);
  const contracted = new Uint8Array(n);
  const level = new Int32Array(n);
  const deletedNeighbours = new Int32Array(n);
  const priority = new Float64Array(n);
  const emitted = new EmittedArcs(n);

  const shortcutsOf = (v: number, settleLimit: number, add: boolean): number => {
    const inTargets = dynamic.inNode[v]!;
    const inWeights = dynamic.inWeight[v]!;
    const outTargets = dynamic.outNode[v]!;
    const outWeights = dynamic.outWeight[v]!;
    let maxOut = 0;
    for (const weight of outWeights) maxOut = Math.max(maxOut, weight);
    let shortcuts = 0;
    for (let i = 0; i < inTargets.length; i++) {
      const u = inTargets[i]!;
      const toV = inWeights[i]!;
      witness.run(u, v, toV + maxOut, settleLimit);
      for (let j = 0; j < outTargets.length; j++) {
        const x = outTargets[j]!;
        if (x === u) continue;
        const via = toV + outWeights[j]!;
        if (witness.distanceTo(x) <= via) continue;
        shortcuts++;
        if (add) dynamic.addArc(u, x, via, v);
      }
    }
    return shortcuts;
  };
  const priorityOf = (v: number): number => {
    const removed = dynamic.inNode[v]!.length + dynamic.outNode[v]!.length;
    return 2 * (shortcutsOf(v, simulationSettleLimit, false) - removed) + deletedNeighbours[v]! + level[v]!;
  };

  const queue = new MinHeap(n);
  for (let v = 0; v < n; v++) {
    priority[v] = priorityOf(v);
    queue.push(priority[v]!, v);
  }
  let done = 0;
  while (queue.size > 0) {
    const key = queue.topKey();
    const v = queue.pop();
    if (contracted[v] === 1 || key !== priority[v]) continue;
    const fresh = priorityOf(v);
    if (fresh > queue.topKey()) {
      priority[v] = fresh;
      queue.push(fresh, v);
      continue;
    }
    shortcutsOf(v, contractionSettleLimit, true);
    contracted[v] = 1;
    emitted.take(v, dynamic);
    const neighbours = new Set([...dynamic.inNode[v]!, ...dynamic.outNode[v]!]);
    dynamic.detach(v);
    for (const u of neighbours) {
      deletedNeighbours[u]!++;
      level[u] = Math.max(level[u]!, level[v]! + 1);
      priority[u] = priorityOf(u);
      queue.push(priority[u]!, u);
    }
    if (++done % 1024 === 0) onProgress?.(done / n);
  }
  onProgress?.(1);
  return emitted.toHierarchy();
}

/** Adjacency that changes during contraction: per-node arrays of neighbour, weight and middle. */
class DynamicGraph {
  readonly outNode: number[][];
  readonly outWeight: number[][];
  readonly outMiddle: number[][];
  readonly inNode: number[][];
  readonly inWeight: number[][];
  readonly inMiddle: number[][];

  constructor(graph: TurnGraph) {
    const n = graph.nodeCount;
    const lists = (): number[][] => Array.from({ length: n }, () => []);
    this.outNode = lists();
    this.outWeight = lists();
    this.outMiddle = lists();
    this.inNode = lists();
    this.inWeight = lists();
    this.inMiddle = lists();
    for (let from = 0; from < n; from++) {
      for (let a = graph.first[from]!; a < graph.first[from + 1]!; a++) {
        const to = graph.target[a]!;
        if (to !== from) this.addArc(from, to, graph.weight[a]!, -1);
      }
    }
  }

  /** Adds from→to, or lowers its weight if it exists and the new one is better. */
  addArc(from: number, to: number, weight: number, middle: number): void {
    const outs = this.outNode[from]!;
    const at = outs.indexOf(to);
    if (at >= 0) {
      if (this.outWeight[from]![at]! <= weight) return;
      this.outWeight[from]![at] = weight;
      this.outMiddle[from]![at] = middle;
      const back = this.inNode[to]!.indexOf(from);
      this.inWeight[to]![back] = weight;
      this.inMiddle[to]![back] = middle;
      return;
    }
    outs.push(to);
    this.outWeight[from]!.push(weight);
    this.outMiddle[from]!.push(middle);
    this.inNode[to]!.push(from);
    this.inWeight[to]!.push(weight);
    this.inMiddle[to]!.push(middle);
  }

  /** Removes a contracted node from its neighbours' lists. */
  detach(v: number): void {
    for (const u of this.inNode[v]!) removeNeighbour(this.outNode[u]!, this.outWeight[u]!, this.outMiddle[u]!, v);
    for (const x of this.outNode[v]!) removeNeighbour(this.inNode[x]!, this.inWeight[x]!, this.inMiddle[x]!, v);
  }
}

function removeNeighbour(nodes: number[], weights: number[], middles: number[], node: number): void {
  const at = nodes.indexOf(node);
  const last = nodes.length - 1;
  nodes[at] = nodes[last]!;
  weights[at] = weights[last]!;
  middles[at] = middles[last]!;
  nodes.pop();
  weights.pop();
  middles.pop();
}

/** Bounded Dijkstra from one node that ignores the node being contracted. */
class WitnessSearch {
  private readonly distance: Float64Array;
  private readonly seen: Int32Array;
  private readonly heap = new MinHeap();
  private search = 0;

  constructor(
    n: number,
    private readonly graph: DynamicGraph,
  ) {
    this.distance = new Float64Array(n);
    this.seen = new Int32Array(n);
  }

  run(source: number, skip: number, maxWeight: number, settleLimit: number): void {
    const { distance, seen, heap } = this;
    const search = ++this.search;
    heap.clear();
    distance[source] = 0;
    seen[source] = search;
    heap.push(0, source);
    let settled = 0;
    while (heap.size > 0) {
      const d = heap.topKey();
      const x = heap.pop();
      if (d > distance[x]!) continue;
      if (d > maxWeight || ++settled > settleLimit) return;
      const targets = this.graph.outNode[x]!;
      const weights = this.graph.outWeight[x]!;
      for (let i = 0; i < targets.length; i++) {
        const y = targets[i]!;
        if (y === skip) continue;
        const candidate = d + weights[i]!;
        if (seen[y] !== search || candidate < distance[y]!) {
          distance[y] = candidate;
          seen[y] = search;
          heap.push(candidate, y);
        }
      }
    }
  }

  distanceTo(node: number): number {
    return this.seen[node] === this.search ? this.distance[node]! : Infinity;
  }
}

/** The arcs each node has when it is contracted, all to higher-ranked nodes, gathered into CSR. */
class EmittedArcs {
  private readonly up: { node: number[]; weight: number[]; middle: number[] }[];
  private readonly down: { node: number[]; weight: number[]; middle: number[] }[];

  constructor(private readonly n: number) {
    this.up = new Array(n);
    this.down = new Array(n);
  }

  take(v: number, graph: DynamicGraph): void {
    this.up[v] = { node: graph.outNode[v]!.slice(), weight: graph.outWeight[v]!.slice(), middle: graph.outMiddle[v]!.slice() };
    this.down[v] = { node: graph.inNode[v]!.slice(), weight: graph.inWeight[v]!.slice(), middle: graph.inMiddle[v]!.slice() };
  }

  toHierarchy(): ContractionHierarchy {
    const up = toCsr(this.up, this.n);
    const down = toCsr(this.down, this.n);
    return {
      nodeCount: this.n,
      upFirst: up.first,
      upTarget: up.node,
      upWeight: up.weight,
      upMiddle: up.middle,
      downFirst: down.first,
      downSource: down.node,
      downWeight: down.weight,
      downMiddle: down.middle,
    };
  }
}

function toCsr(lists: readonly { node: number[]; weight: number[]; middle: number[] }[], n: number) {
  const first = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) first[v + 1] = first[v]! + lists[v]!.node.length;
  const node = new Int32Array(first[n]!);
  const weight = new Float64Array(first[n]!);
  const middle = new Int32Array(first[n]!);
  for (let v = 0; v < n; v++) {
    node.set(lists[v]!.node, first[v]!);
    weight.set(lists[v]!.weight, first[v]!);
    middle.set(lists[v]!.middle, first[v]!);
  }
  return { first, node, weight, middle };
}
