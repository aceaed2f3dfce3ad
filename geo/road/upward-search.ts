import { MinHeap } from './min-heap.js';
import type { RankedArcs } from './ranked-hierarchy.js';

/** Work of the searches run so far: nodes settled, of which stalled, and arcs relaxed. */
export interface UpwardWork {
  settled: number;
  stalled: number;
  relaxed: number;
}

/**
 * Dijkstra on the upward arcs of a ranked hierarchy with stall-on-demand: a node reached more
 * cheaply through a higher neighbour is not on a shortest up-down path, so it is neither
 * reported nor expanded. After `run`, `nodes[0..count)` and `keys[0..count)` are the nodes left
 * (ranked numbers) with their final keys, in the order settled.
 */
export class UpwardSearch {
  nodes: Int32Array;
  keys: Float64Array;
  count = 0;
  readonly work: UpwardWork = { settled: 0, stalled: 0, relaxed: 0 };
  private readonly distance: Float64Array;
  private readonly stamp: Int32Array;
  private current = 0;
  private readonly heap = new MinHeap(256);

  constructor(nodeCount: number) {
    this.distance = new Float64Array(nodeCount);
    this.stamp = new Int32Array(nodeCount);
    this.nodes = new Int32Array(256);
    this.keys = new Float64Array(256);
  }

  /**
   * Searches along `arcs` (to higher nodes, in the search's direction); `stall` are the arcs into
   * each node from higher ones in that direction (the other side's arcs).
   */
  run(arcs: RankedArcs, stall: RankedArcs, seedNodes: Int32Array, seedKeys: Float64Array): void {
    const { first, node: head, weight } = arcs;
    const { first: stallFirst, node: stallTail, weight: stallWeight } = stall;
    const { distance, stamp, heap, work } = this;
    const current = ++this.current;
    heap.clear();
    this.count = 0;
    for (let i = 0; i < seedNodes.length; i++) {
      const node = seedNodes[i]!;
      const key = seedKeys[i]!;
      if (stamp[node] === current && distance[node]! <= key) continue;
      stamp[node] = current;
      distance[node] = key;
      heap.push(key, node);
    }
    while (heap.size > 0) {
      const key = heap.topKey();
      const node = heap.pop();
      if (key > distance[node]!) continue;
      work.settled++;
      let stalled = false;
      for (let arc = stallFirst[node]!; arc < stallFirst[node + 1]!; arc++) {
        const tail = stallTail[arc]!;
        if (stamp[tail] === current && distance[tail]! + stallWeight[arc]! < key) {
          stalled = true;
          break;
        }
      }
      if (stalled) {
        work.stalled++;
        continue;
      }
      this.keep(node, key);
      for (let arc = first[node]!; arc < first[node + 1]!; arc++) {
        const next = head[arc]!;
        const reached = key + weight[arc]!;
        if (stamp[next] === current && distance[next]! <= reached) continue;
        stamp[next] = current;
        distance[next] = reached;
        heap.push(reached, next);
        work.relaxed++;
      }
    }
  }

  private keep(node: number, key: number): void {
    if (this.count === this.nodes.length) {
      const nodes = new Int32Array(this.count * 2);
      nodes.set(this.nodes);
      const keys = new Float64Array(this.count * 2);
      keys.set(this.keys);
      this.nodes = nodes;
      this.keys = keys;
    }
    this.nodes[this.count] = node;
    this.keys[this.count++] = key;
  }
}
