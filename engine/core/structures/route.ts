import type { RouteModel } from '../route-model.js';
import { SEG_DURATION, SEGMENT_STRIDE } from './segment.js';

/**
 * One vehicle's tour as `[startDepot, job…, endDepot]` with prefix and suffix segment tables:
 * `prefix[i]` summarises nodes 0..i and `suffix[i]` nodes i..end, which makes every insertion,
 * removal and exchange an O(1) concatenation.
 */
export class Route {
  nodes: Int32Array;
  prefix: Float64Array;
  suffix: Float64Array;
  /**
   * `arcs[i]`: distance from node i - 1 to node i (1 ≤ i ≤ size + 1), a copy of the matrix entry.
   * Pricing an insertion reads the arc it replaces at every position; from the route's own array
   * that is a sequential read instead of a cache miss in a matrix of a million entries.
   */
  arcs: Float64Array;
  /**
   * `times[i]`: travel time from node i - 1 to node i (1 ≤ i ≤ size + 1), as `arcs` holds the
   * distance. Kept only when the model prices time (`RouteModel.timed`), as is `busy`.
   */
  times: Float64Array;
  /**
   * `busy[i]`: travel and service time of nodes 0..i (the arcs between them and their visits'
   * durations). Waiting only adds to it, so a route's duration is at least `busy[size + 1]`: what
   * lets a move's lower bound price the time it adds or saves (MoveEvaluator.kept).
   */
  busy: Float64Array;
  /** Number of jobs; the end depot sits at index size + 1. */
  size = 0;
  cost = 0;
  /** The route's penalisable violations (RouteModel.violations bits); 0 when feasible. */
  violations = 0;
  /**
   * Leading prefix entries and trailing suffix entries still valid since the last refresh: an
   * insertion or removal leaves the prefix before it and the suffix after it (shifted along with
   * the nodes) as they were, so a refresh recomputes only the rest, about half the work.
   */
  private freshPrefix = 0;
  private freshSuffix = 0;

  constructor(
    readonly slot: number,
    readonly type: number,
    private readonly model: RouteModel,
  ) {
    const instance = model.instance;
    this.nodes = new Int32Array(16);
    this.prefix = new Float64Array(16 * SEGMENT_STRIDE);
    this.suffix = new Float64Array(16 * SEGMENT_STRIDE);
    this.arcs = new Float64Array(16);
    this.times = new Float64Array(16);
    this.busy = new Float64Array(16);
    this.nodes[0] = instance.vehicleStart[type]!;
    this.nodes[1] = instance.vehicleEnd[type]!;
    this.refresh();
  }

  get endIndex(): number {
    return this.size + 1;
  }

  insertAt(position: number, node: number): void {
    const entries = this.size + 2;
    this.reserve(this.size + 3);
    this.nodes.copyWithin(position + 1, position, entries);
    this.suffix.copyWithin((position + 1) * SEGMENT_STRIDE, position * SEGMENT_STRIDE, entries * SEGMENT_STRIDE);
    this.nodes[position] = node;
    this.size++;
    this.freshPrefix = Math.min(this.freshPrefix, position);
    this.freshSuffix = Math.min(this.freshSuffix, entries - position);
  }

  removeAt(position: number): number {
    const entries = this.size + 2;
    const node = this.nodes[position]!;
    this.nodes.copyWithin(position, position + 1, entries);
    this.suffix.copyWithin(position * SEGMENT_STRIDE, (position + 1) * SEGMENT_STRIDE, entries * SEGMENT_STRIDE);
    this.size--;
    this.freshPrefix = Math.min(this.freshPrefix, position);
    this.freshSuffix = Math.min(this.freshSuffix, entries - 1 - position);
    return node;
  }

  /** Puts `node` at `position` in place of the node there. */
  setAt(position: number, node: number): void {
    this.nodes[position] = node;
    this.changedRange(position, position);
  }

  /** Reverses the visits at positions from..to. */
  reverse(from: number, to: number): void {
    this.nodes.subarray(from, to + 1).reverse();
    this.changedRange(from, to);
  }

  /** Replaces the jobs by `jobs[from..to)`; the depots stay. */
  setJobs(jobs: Int32Array, from: number, to: number): void {
    const end = this.nodes[this.size + 1]!;
    this.reserve(to - from + 2);
    this.nodes.set(jobs.subarray(from, to), 1);
    this.size = to - from;
    this.nodes[this.size + 1] = end;
    this.freshPrefix = 0;
    this.freshSuffix = 0;
  }

  private changedRange(from: number, to: number): void {
    this.freshPrefix = Math.min(this.freshPrefix, from);
    this.freshSuffix = Math.min(this.freshSuffix, this.size + 1 - to);
  }

  /** Recomputes the segment tables (the entries the changes since the last refresh made stale) and the cost. */
  refresh(): void {
    const model = this.model;
    const algebra = model.algebra;
    const last = this.size + 1;
    const stride = SEGMENT_STRIDE;
    const { distance, nodeCount: n } = model.instance;
    const { nodes, arcs } = this;
    let first = this.freshPrefix;
    if (first === 0) {
      this.prefix.set(model.starts.subarray(this.type * stride, (this.type + 1) * stride), 0);
      first = 1;
    }
    if (model.timed && first <= last) this.refreshTimes(first);
    // The prefix from `first` on is stale exactly where the arcs into its nodes may have changed.
    for (let i = first; i < last; i++) {
      algebra.concat(this.prefix, i * stride, this.prefix, (i - 1) * stride, model.visits, nodes[i]! * stride);
      arcs[i] = distance[nodes[i - 1]! * n + nodes[i]!]!;
    }
    if (first <= last) {
      algebra.concat(this.prefix, last * stride, this.prefix, (last - 1) * stride, model.ends, this.type * stride);
      arcs[last] = distance[nodes[last - 1]! * n + nodes[last]!]!;
    }
    let valid = last + 1 - this.freshSuffix;
    if (valid > last) {
      this.suffix.set(model.ends.subarray(this.type * stride, (this.type + 1) * stride), last * stride);
      valid = last;
    }
    for (let i = valid - 1; i > 0; i--) {
      algebra.concat(this.suffix, i * stride, model.visits, nodes[i]! * stride, this.suffix, (i + 1) * stride);
    }
    if (valid > 0) algebra.concat(this.suffix, 0, model.starts, this.type * stride, this.suffix, stride);
    this.freshPrefix = last + 1;
    this.freshSuffix = last + 1;
    this.reprice();
  }

  /** Recomputes `times` and `busy` from index `first` (at least 1) on. */
  private refreshTimes(first: number): void {
    const model = this.model;
    const { duration, nodeCount: n } = model.instance;
    const { nodes, times, busy } = this;
    const last = this.size + 1;
    const stride = SEGMENT_STRIDE;
    busy[0] = model.starts[this.type * stride + SEG_DURATION]!;
    for (let i = first; i <= last; i++) {
      times[i] = duration[nodes[i - 1]! * n + nodes[i]!]!;
      const visit = i < last ? model.visits[nodes[i]! * stride + SEG_DURATION]! : model.ends[this.type * stride + SEG_DURATION]!;
      busy[i] = busy[i - 1]! + times[i]! + visit;
    }
  }

  /** Recomputes the cost from the segment tables, e.g. after the penalties changed. */
  reprice(): void {
    const o = (this.size + 1) * SEGMENT_STRIDE;
    this.cost = this.size === 0 ? 0 : this.model.routeCost(this.type, this.prefix, o);
    this.violations = this.size === 0 ? 0 : this.model.violations(this.type, this.prefix, o);
  }

  /** Makes this route equal to `other`, a route of the same slot. */
  copyFrom(other: Route): void {
    // Two refreshed empty routes of one slot hold the same tables. Most slots of an unbounded fleet
    // (a slot per job) are empty, and copying them was 4 % of the CPU of a search on X-n895.
    if (this.size === 0 && other.size === 0 && this.isFresh() && other.isFresh()) return;
    this.reserve(other.size + 2);
    const length = other.size + 2;
    this.nodes.set(other.nodes.subarray(0, length));
    this.prefix.set(other.prefix.subarray(0, length * SEGMENT_STRIDE));
    this.suffix.set(other.suffix.subarray(0, length * SEGMENT_STRIDE));
    this.arcs.set(other.arcs.subarray(0, length));
    if (this.model.timed) {
      this.times.set(other.times.subarray(0, length));
      this.busy.set(other.busy.subarray(0, length));
    }
    this.size = other.size;
    this.cost = other.cost;
    this.violations = other.violations;
    this.freshPrefix = other.freshPrefix;
    this.freshSuffix = other.freshSuffix;
  }

  /** Whether no change awaits a refresh. */
  private isFresh(): boolean {
    return this.freshPrefix === this.size + 2 && this.freshSuffix === this.size + 2;
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
    const arcs = new Float64Array(capacity);
    arcs.set(this.arcs);
    this.arcs = arcs;
    const times = new Float64Array(capacity);
    times.set(this.times);
    this.times = times;
    const busy = new Float64Array(capacity);
    busy.set(this.busy);
    this.busy = busy;
  }
}
