import { grown, KeyedNodes } from './keyed-nodes.js';
import { MinHeap } from './min-heap.js';
import { downArcs, upArcs, type RankedArcs } from './ranked-hierarchy.js';

/** Work of the searches run so far: nodes settled (core nodes reached included), of which stalled, and arcs relaxed. */
export interface UpwardWork {
  settled: number;
  stalled: number;
  relaxed: number;
}

/**
 * Dijkstra on the upward arcs of a ranked hierarchy with stall-on-demand: a node reached more
 * cheaply through a higher neighbour is not on a shortest up-down path, so it is neither
 * reported nor expanded. After `run`, `below` holds the nodes left (ranked numbers) below
 * `limit` with their final keys, in the order settled; nodes at or above `limit` (the core) are
 * not expanded, so they never enter the queue: their keys are final once the search ends (every
 * node expanded after one is reached has a key no smaller), and `core` lists them by key.
 */
export class UpwardSearch {
  readonly below = new KeyedNodes();
  readonly core = new KeyedNodes();
  readonly work: UpwardWork = { settled: 0, stalled: 0, relaxed: 0 };
  /** Infinity except at the nodes the last search reached (listed in `reached`, reset by the next). */
  private readonly distance: Float64Array;
  private reached = new Int32Array(256);
  private reachedCount = 0;
  /** Core nodes the current search reached, in the order first reached. */
  private coreReached = new Int32Array(64);
  private coreReachedCount = 0;
  private readonly heap = new MinHeap(256);

  constructor(nodeCount: number) {
    this.distance = new Float64Array(nodeCount).fill(Infinity);
  }

  clearWork(): void {
    this.work.settled = this.work.stalled = this.work.relaxed = 0;
  }

  /**
   * Searches up the arcs to higher nodes (`forward`) or from higher nodes (backward), stalling on
   * the other kind, which are the arcs into each node from higher ones in the search's direction.
   */
  run(arcs: RankedArcs, forward: boolean, seedNodes: Int32Array, seedKeys: Float64Array, limit = this.distance.length): void {
    const { first, node: head, weight } = arcs;
    const follow = forward ? upArcs : downArcs;
    const stallOn = forward ? downArcs : upArcs;
    const { distance, heap, below, core } = this;
    for (let i = 0; i < this.reachedCount; i++) distance[this.reached[i]!] = Infinity;
    this.reachedCount = 0;
    this.coreReachedCount = 0;
    heap.clear();
    below.clear();
    core.clear();
    for (let i = 0; i < seedNodes.length; i++) this.lower(seedNodes[i]!, seedKeys[i]!, limit);
    let settled = 0;
    let stalled = 0;
    let relaxed = 0;
    while (heap.size > 0) {
      const key = heap.topKey();
      const node = heap.pop();
      if (key > distance[node]!) continue;
      settled++;
      let stall = false;
      const at = 2 * node;
      for (let arc = first[at + stallOn]!, end = first[at + stallOn + 1]!; arc < end; arc++) {
        if (distance[head[arc]!]! + weight[arc]! < key) {
          stall = true;
          break;
        }
      }
      if (stall) {
        stalled++;
        continue;
      }
      below.push(node, key);
      for (let arc = first[at + follow]!, end = first[at + follow + 1]!; arc < end; arc++) {
        const next = head[arc]!;
        const reached = key + weight[arc]!;
        if (reached >= distance[next]!) continue;
        this.lower(next, reached, limit);
        relaxed++;
      }
    }
    for (let i = 0; i < this.coreReachedCount; i++) core.push(this.coreReached[i]!, distance[this.coreReached[i]!]!);
    core.sortByKey();
    settled += this.coreReachedCount;
    this.work.settled += settled;
    this.work.stalled += stalled;
    this.work.relaxed += relaxed;
  }

  private lower(node: number, key: number, limit: number): void {
    const distance = this.distance;
    if (key >= distance[node]!) return;
    if (distance[node] === Infinity) {
      if (this.reachedCount === this.reached.length) this.reached = grown(this.reached);
      this.reached[this.reachedCount++] = node;
      if (node >= limit) {
        if (this.coreReachedCount === this.coreReached.length) this.coreReached = grown(this.coreReached);
        this.coreReached[this.coreReachedCount++] = node;
      }
    }
    distance[node] = key;
    if (node < limit) this.heap.push(key, node);
  }
}
