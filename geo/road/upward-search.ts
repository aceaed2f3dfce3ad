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
 * (ranked numbers) below `limit` with their final keys, in the order settled; nodes at or above
 * `limit` (the core) are not expanded but reported in `coreNodes`/`coreKeys` with the key they
 * are first settled at.
 */
export class UpwardSearch {
  nodes: Int32Array;
  keys: Float64Array;
  count = 0;
  coreNodes: Int32Array;
  coreKeys: Float64Array;
  coreCount = 0;
  readonly work: UpwardWork = { settled: 0, stalled: 0, relaxed: 0 };
  /** Infinity except at the nodes the last search reached (listed in `reached`, reset by the next). */
  private readonly distance: Float64Array;
  private reached = new Int32Array(256);
  private reachedCount = 0;
  private readonly heap = new MinHeap(256);

  constructor(nodeCount: number) {
    this.distance = new Float64Array(nodeCount).fill(Infinity);
    this.nodes = new Int32Array(256);
    this.keys = new Float64Array(256);
    this.coreNodes = new Int32Array(256);
    this.coreKeys = new Float64Array(256);
  }

  /**
   * Searches along `arcs` (to higher nodes, in the search's direction); `stall` are the arcs into
   * each node from higher ones in that direction (the other side's arcs).
   */
  run(arcs: RankedArcs, stall: RankedArcs, seedNodes: Int32Array, seedKeys: Float64Array, limit = this.distance.length): void {
    const { first, node: head, weight } = arcs;
    const { first: stallFirst, node: stallTail, weight: stallWeight } = stall;
    const { distance, heap } = this;
    for (let i = 0; i < this.reachedCount; i++) distance[this.reached[i]!] = Infinity;
    this.reachedCount = 0;
    heap.clear();
    this.count = 0;
    this.coreCount = 0;
    for (let i = 0; i < seedNodes.length; i++) this.lower(seedNodes[i]!, seedKeys[i]!);
    let settled = 0;
    let stalled = 0;
    let relaxed = 0;
    while (heap.size > 0) {
      const key = heap.topKey();
      const node = heap.pop();
      if (key > distance[node]!) continue;
      settled++;
      if (node >= limit) {
        this.keepCore(node, key);
        continue;
      }
      let stall = false;
      for (let arc = stallFirst[node]!, end = stallFirst[node + 1]!; arc < end; arc++) {
        if (distance[stallTail[arc]!]! + stallWeight[arc]! < key) {
          stall = true;
          break;
        }
      }
      if (stall) {
        stalled++;
        continue;
      }
      this.keep(node, key);
      for (let arc = first[node]!, end = first[node + 1]!; arc < end; arc++) {
        const next = head[arc]!;
        const reached = key + weight[arc]!;
        if (reached >= distance[next]!) continue;
        this.lower(next, reached);
        relaxed++;
      }
    }
    this.work.settled += settled;
    this.work.stalled += stalled;
    this.work.relaxed += relaxed;
  }

  private lower(node: number, key: number): void {
    const distance = this.distance;
    if (key >= distance[node]!) return;
    if (distance[node] === Infinity) {
      if (this.reachedCount === this.reached.length) this.reached = grown(this.reached);
      this.reached[this.reachedCount++] = node;
    }
    distance[node] = key;
    this.heap.push(key, node);
  }

  private keepCore(node: number, key: number): void {
    if (this.coreCount === this.coreNodes.length) {
      this.coreNodes = grown(this.coreNodes);
      this.coreKeys = grown(this.coreKeys);
    }
    this.coreNodes[this.coreCount] = node;
    this.coreKeys[this.coreCount++] = key;
  }

  private keep(node: number, key: number): void {
    if (this.count === this.nodes.length) {
      this.nodes = grown(this.nodes);
      this.keys = grown(this.keys);
    }
    this.nodes[this.count] = node;
    this.keys[this.count++] = key;
  }
}

export function grown<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
