import type { CompiledInstance, TravelArray } from '../compiled/compiled-instance.js';

/**
 * Route segment summaries (Vidal et al. 2013): enough data about a sequence of visits to merge two
 * sequences in O(1) and know the merged distance, minimal duration, time warp (how much a time
 * window would be violated) and load. A segment is SEGMENT_STRIDE consecutive doubles in a
 * Float64Array, so prefix/suffix tables are flat arrays with no per-segment objects.
 */
export const SEG_DISTANCE = 0;
export const SEG_DURATION = 1;
export const SEG_TIME_WARP = 2;
/** Earliest and latest start of service at the first visit that lead to the minimal duration. */
export const SEG_EARLIEST = 3;
export const SEG_LATEST = 4;
export const SEG_FIRST = 5;
export const SEG_LAST = 6;
export const SEG_LOAD = 7;
/** Five sums for the driver-centroid pull (engine/core/compiled/job-pull.ts; priced in segment-pull.ts), after the 4 load slots. */
export const SEG_PULL = 11;
export const SEGMENT_STRIDE = 16;

export class SegmentAlgebra {
  private readonly n: number;
  private readonly distance: TravelArray;
  private readonly duration: TravelArray;
  private readonly dims: number;
  private readonly pulled: boolean;

  constructor(instance: CompiledInstance) {
    this.n = instance.nodeCount;
    this.distance = instance.distance;
    this.duration = instance.duration;
    this.dims = instance.loadDimensions;
    this.pulled = instance.pull !== undefined;
  }

  /** `out[o..]` = segment `a` followed by segment `b`; `out` may alias `a` or `b`. */
  concat(out: Float64Array, o: number, a: Float64Array, ao: number, b: Float64Array, bo: number): void {
    const from = a[ao + SEG_LAST]!;
    const to = b[bo + SEG_FIRST]!;
    const arc = from * this.n + to;
    const travel = this.duration[arc]!;
    const aEarliest = a[ao + SEG_EARLIEST]!;
    const aLatest = a[ao + SEG_LATEST]!;
    const bEarliest = b[bo + SEG_EARLIEST]!;
    const bLatest = b[bo + SEG_LATEST]!;
    const delta = a[ao + SEG_DURATION]! - a[ao + SEG_TIME_WARP]! + travel;
    const wait = Math.max(bEarliest - delta - aLatest, 0);
    const warp = Math.max(aEarliest + delta - bLatest, 0);
    const distance = a[ao + SEG_DISTANCE]! + b[bo + SEG_DISTANCE]! + this.distance[arc]!;
    const duration = a[ao + SEG_DURATION]! + b[bo + SEG_DURATION]! + travel + wait;
    const timeWarp = a[ao + SEG_TIME_WARP]! + b[bo + SEG_TIME_WARP]! + warp;
    const earliest = Math.max(bEarliest - delta, aEarliest) - wait;
    const latest = Math.min(bLatest - delta, aLatest) + warp;
    const first = a[ao + SEG_FIRST]!;
    const last = b[bo + SEG_LAST]!;
    for (let d = 0; d < this.dims; d++) out[o + SEG_LOAD + d] = a[ao + SEG_LOAD + d]! + b[bo + SEG_LOAD + d]!;
    if (this.pulled) for (let f = SEG_PULL; f < SEG_PULL + 5; f++) out[o + f] = a[ao + f]! + b[bo + f]!;
    out[o + SEG_DISTANCE] = distance;
    out[o + SEG_DURATION] = duration;
    out[o + SEG_TIME_WARP] = timeWarp;
    out[o + SEG_EARLIEST] = earliest;
    out[o + SEG_LATEST] = latest;
    out[o + SEG_FIRST] = first;
    out[o + SEG_LAST] = last;
  }
}

/** The earliest a sequence summarised by `segment[o..]` can end: its earliest start plus its duration, less its time warp. */
export function earliestEnd(segment: Float64Array, o: number): number {
  return segment[o + SEG_EARLIEST]! + segment[o + SEG_DURATION]! - segment[o + SEG_TIME_WARP]!;
}

/** A single visit: its service is the whole duration and its window bounds the start. */
export function writeVisitSegment(
  out: Float64Array,
  o: number,
  node: number,
  serviceTime: number,
  windowStart: number,
  windowEnd: number,
  demand: Float64Array,
  demandOffset: number,
  dims: number,
): void {
  out[o + SEG_DISTANCE] = 0;
  out[o + SEG_DURATION] = serviceTime;
  out[o + SEG_TIME_WARP] = 0;
  out[o + SEG_EARLIEST] = windowStart;
  out[o + SEG_LATEST] = windowEnd;
  out[o + SEG_FIRST] = node;
  out[o + SEG_LAST] = node;
  for (let d = 0; d < dims; d++) out[o + SEG_LOAD + d] = demand[demandOffset + d]!;
}
