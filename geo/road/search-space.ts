import { MinHeap } from './min-heap.js';

/**
 * Per-search Dijkstra state over a graph's nodes, reused across searches: an entry is valid only
 * when its stamp is the current search's, so starting a search is O(1) instead of O(nodes).
 */
export class SearchSpace {
  readonly distance: Float64Array;
  readonly parent: Int32Array;
  /** Index of the arc that reached the node, in whichever arc arrays the search uses. */
  readonly parentArc: Int32Array;
  readonly heap = new MinHeap(256);
  private readonly stamp: Int32Array;
  private current = 0;

  constructor(nodeCount: number) {
    this.distance = new Float64Array(nodeCount);
    this.parent = new Int32Array(nodeCount);
    this.parentArc = new Int32Array(nodeCount);
    this.stamp = new Int32Array(nodeCount);
  }

  start(): void {
    this.current++;
    this.heap.clear();
  }

  distanceOf(node: number): number {
    return this.stamp[node] === this.current ? this.distance[node]! : Infinity;
  }

  /** Lowers a node's distance; returns false if it was not an improvement. */
  reach(node: number, distance: number, parent: number, parentArc: number): boolean {
    if (this.stamp[node] === this.current && this.distance[node]! <= distance) return false;
    this.stamp[node] = this.current;
    this.distance[node] = distance;
    this.parent[node] = parent;
    this.parentArc[node] = parentArc;
    this.heap.push(distance, node);
    return true;
  }
}
