import type { RouteModel } from '../route-model.js';
import { SEGMENT_STRIDE } from './segment.js';

/**
 * One vehicle's tour as `[startDepot, job…, endDepot]` with prefix and suffix segment tables:
 * `prefix[i]` summarises nodes 0..i and `suffix[i]` nodes i..end, which makes every insertion,
 * removal and exchange an O(1) concatenation.
 */
export class Route {
  nodes: Int32Array;
  prefix: Float64Array;
  suffix: Float64Array;
  /** Number of jobs; the end depot sits at index size + 1. */
  size = 0;
  cost = 0;

  constructor(
    readonly slot: number,
    readonly type: number,
    private readonly model: RouteModel,
  ) {
    const instance = model.instance;
    this.nodes = new Int32Array(16);
    this.prefix = new Float64Array(16 * SEGMENT_STRIDE);
    this.suffix = new Float64Array(16 * SEGMENT_STRIDE);
    this.nodes[0] = instance.vehicleStart[type]!;
    this.nodes[1] = instance.vehicleEnd[type]!;
    this.refresh();
  }

  get endIndex(): number {
    return this.size + 1;
  }

  insertAt(position: number, node: number): void {
    this.reserve(this.size + 3);
    this.nodes.copyWithin(position + 1, position, this.size + 2);
    this.nodes[position] = node;
    this.size++;
  }

  removeAt(position: number): number {
    const node = this.nodes[position]!;
    this.nodes.copyWithin(position, position + 1, this.size + 2);
    this.size--;
    return node;
  }

  /** Replaces the jobs by `jobs[from..to)`; the depots stay. */
  setJobs(jobs: Int32Array, from: number, to: number): void {
    const end = this.nodes[this.size + 1]!;
    this.reserve(to - from + 2);
    this.nodes.set(jobs.subarray(from, to), 1);
    this.size = to - from;
    this.nodes[this.size + 1] = end;
  }

  /** Recomputes the segment tables and the cost after the node sequence changed. */
  refresh(): void {
    const model = this.model;
    const algebra = model.algebra;
    const last = this.size + 1;
    const stride = SEGMENT_STRIDE;
    this.prefix.set(model.starts.subarray(this.type * stride, (this.type + 1) * stride), 0);
    for (let i = 1; i < last; i++) {
      algebra.concat(this.prefix, i * stride, this.prefix, (i - 1) * stride, model.visits, this.nodes[i]! * stride);
    }
    algebra.concat(this.prefix, last * stride, this.prefix, (last - 1) * stride, model.ends, this.type * stride);
    this.suffix.set(model.ends.subarray(this.type * stride, (this.type + 1) * stride), last * stride);
    for (let i = last - 1; i > 0; i--) {
      algebra.concat(this.suffix, i * stride, model.visits, this.nodes[i]! * stride, this.suffix, (i + 1) * stride);
    }
    algebra.concat(this.suffix, 0, model.starts, this.type * stride, this.suffix, stride);
    this.cost = this.size === 0 ? 0 : model.routeCost(this.type, this.prefix, last * stride);
  }

  copyFrom(other: Route): void {
    this.reserve(other.size + 2);
    const length = other.size + 2;
    this.nodes.set(other.nodes.subarray(0, length));
    this.prefix.set(other.prefix.subarray(0, length * SEGMENT_STRIDE));
    this.suffix.set(other.suffix.subarray(0, length * SEGMENT_STRIDE));
    this.size = other.size;
    this.cost = other.cost;
  }

  private reserve(length: number): void {
    if (length <= this.nodes.length) return;
    const capacity = Math.max(length, this.nodes.length * 2);
    const nodes = new Int32Array(capacity);
    nodes.set(this.nodes);
    this.nodes = nodes;
    const prefix = new Float64Array(capacity * SEGMENT_STRIDE);
    prefix.set(this.prefix);
    this.prefix = prefix;
    const suffix = new Float64Array(capacity * SEGMENT_STRIDE);
    suffix.set(this.suffix);
    this.suffix = suffix;
  }
}
