import type { CompiledInstance, TravelArray } from './compiled/compiled-instance.js';
import { routePull, writeVisitPull } from './structures/segment-pull.js';
import { routeSlots } from './compiled/route-slots.js';
import {
  SEG_DISTANCE,
  SEG_DURATION,
  SEG_EARLIEST,
  SEG_LOAD,
  SEG_TIME_WARP,
  SEGMENT_STRIDE,
  SegmentAlgebra,
  writeVisitSegment,
} from './structures/segment.js';

/** Concatenation round-off must not turn a feasible route into a rejected one. */
export const TIME_WARP_TOLERANCE = 1e-7;

/** `violations` bits: the route's schedule needs time warp, or its load exceeds the vehicle. */
export const TIME_WARP_VIOLATION = 1;
export const LOAD_VIOLATION = 2;

/**
 * Everything the search needs to price a route: visit and depot segments, the per-vehicle-type
 * objective and the constraints (time windows, capacities, vehicle compatibility).
 * By default infeasible routes cost Infinity, so every move evaluation rejects them for free. The
 * search may instead price time warp and excess load with finite penalties (`setPenalties`), so it
 * can cross infeasible plans on tight windows and capacities; vehicle compatibility and, with soft
 * windows, the hard route end stay Infinity.
 */
export class RouteModel {
  readonly algebra: SegmentAlgebra;
  /** `nodeCount × SEGMENT_STRIDE`: the one-visit segment of every node. */
  readonly visits: Float64Array;
  /** `vehicleTypeCount × SEGMENT_STRIDE` departure and return segments. */
  readonly starts: Float64Array;
  readonly ends: Float64Array;
  readonly slotType: Int32Array;
  readonly dims: number;
  /** False when every job may ride in every vehicle, which lets moves skip compatibility checks. */
  readonly restricted: boolean;
  /**
   * Whether the distance matrix is symmetric, so a leg into a node equals the leg out of it: then
   * pricing a job's detours reads only its own matrix row (a cache miss per column read otherwise).
   */
  readonly symmetricDistance: boolean;
  /** Cost per unit of time warp when job windows are soft, else 0 (time warp is infeasible). */
  readonly lateCost: number;
  /**
   * Whether some vehicle type has a time cost. Routes then keep their travel and busy time
   * (`Route.times`, `Route.busy`) and the local search's bounds price them; without time costs
   * neither costs a read.
   */
  readonly timed: boolean;
  /** With soft windows: per vehicle type, the hard latest end (the end segments then leave it open). */
  readonly hardEnd: Float64Array;
  /** Cost per unit of time warp and of excess load; Infinity makes them hard constraints. */
  private warpPenalty = Infinity;
  private loadPenalty = Infinity;
  /** The last stamp `nextRouteStamp` gave out. */
  private routeStamps = 0;

  constructor(readonly instance: CompiledInstance) {
    const n = instance.nodeCount;
    const dims = instance.loadDimensions;
    this.dims = dims;
    this.algebra = new SegmentAlgebra(instance);
    this.slotType = routeSlots(instance);
    this.visits = new Float64Array(n * SEGMENT_STRIDE);
    for (let node = 0; node < n; node++) {
      writeVisitSegment(
        this.visits,
        node * SEGMENT_STRIDE,
        node,
        instance.serviceTime[node]!,
        instance.timeWindowStart[node]!,
        instance.timeWindowEnd[node]!,
        instance.demand,
        node * dims,
        dims,
      );
    }
    const pull = instance.pull;
    if (pull !== undefined) for (const job of instance.jobs) writeVisitPull(this.visits, job * SEGMENT_STRIDE, pull, job);
    this.restricted = instance.routeSlotMaskWords > 0 || this.anyJobExcludesAType();
    this.symmetricDistance = isSymmetric(instance.distance, n);
    const types = instance.vehicleTypeCount;
    this.lateCost = instance.lateCost ?? 0;
    this.timed = instance.costPerTime.some((cost) => cost > 0);
    this.hardEnd = new Float64Array(types).fill(Infinity);
    const noLoad = new Float64Array(dims);
    this.starts = new Float64Array(types * SEGMENT_STRIDE);
    this.ends = new Float64Array(types * SEGMENT_STRIDE);
    for (let type = 0; type < types; type++) {
      const depotSegment = (out: Float64Array, depot: number, latest: number): void =>
        writeVisitSegment(
          out,
          type * SEGMENT_STRIDE,
          depot,
          0,
          Math.max(instance.shiftStart[type]!, instance.timeWindowStart[depot]!),
          latest,
          noLoad,
          0,
          dims,
        );
      const start = instance.vehicleStart[type]!;
      const end = instance.vehicleEnd[type]!;
      depotSegment(this.starts, start, Math.min(instance.shiftEnd[type]!, instance.timeWindowEnd[start]!));
      const latestEnd = Math.min(instance.shiftEnd[type]!, instance.timeWindowEnd[end]!);
      // With soft windows the route end is checked apart from the warp, which then prices lateness only.
      if (this.lateCost > 0) this.hardEnd[type] = latestEnd;
      depotSegment(this.ends, end, this.lateCost > 0 ? Infinity : latestEnd);
    }
  }

  /** The prices `setPenalties` set last: a route's cost depends on nothing else that changes. */
  get penalties(): readonly [warp: number, load: number] {
    return [this.warpPenalty, this.loadPenalty];
  }

  /** Whether any time warp makes a route infeasible (hard windows, not priced), so a visit's window alone can rule out a position. */
  get hardWindows(): boolean {
    return this.lateCost === 0 && this.warpPenalty === Infinity;
  }

  /** Whether any excess load makes a route infeasible (not priced), so a job's load alone can rule out a route. */
  get hardLoads(): boolean {
    return this.loadPenalty === Infinity;
  }

  /** Whether every violation makes a route infeasible (no penalty prices time warp or excess load). */
  get forbidsViolations(): boolean {
    return this.warpPenalty === Infinity && this.loadPenalty === Infinity;
  }

  /** A number no route of this model has had as its stamp (`Solution.routeStamp`), larger than all before it. */
  nextRouteStamp(): number {
    return ++this.routeStamps;
  }

  /** Prices violations from now on (finite penalties), or makes them hard again (Infinity). */
  setPenalties(warpPenalty: number, loadPenalty: number): void {
    this.warpPenalty = warpPenalty;
    this.loadPenalty = loadPenalty;
  }

  /**
   * Cost of a complete route (depot to depot) summarised by `segment[o..]` including the penalties
   * of its violations, or Infinity if infeasible.
   */
  routeCost(type: number, segment: Float64Array, o: number): number {
    const warp = segment[o + SEG_TIME_WARP]!;
    let penalty = 0;
    if (this.lateCost > 0) {
      // Late services delay what follows, but never past the waits the time-warp schedule counts,
      // so the earliest start plus the duration bounds the real end from above.
      if (segment[o + SEG_EARLIEST]! + segment[o + SEG_DURATION]! > this.hardEnd[type]! + TIME_WARP_TOLERANCE) return Infinity;
      penalty = this.lateCost * warp;
    } else if (warp > TIME_WARP_TOLERANCE) {
      if (this.warpPenalty === Infinity) return Infinity;
      penalty = this.warpPenalty * warp;
    }
    const excess = this.excessLoad(type, segment, o);
    if (excess > 0) {
      if (this.loadPenalty === Infinity) return Infinity;
      penalty += this.loadPenalty * excess;
    }
    const instance = this.instance;
    const cost =
      instance.fixedCost[type]! +
      instance.costPerDistance[type]! * segment[o + SEG_DISTANCE]! +
      instance.costPerTime[type]! * segment[o + SEG_DURATION]! +
      penalty;
    return instance.pull === undefined ? cost : cost + routePull(instance.pull, type, segment, o);
  }

  /** The penalisable violations of a complete route: TIME_WARP_VIOLATION and LOAD_VIOLATION bits. */
  violations(type: number, segment: Float64Array, o: number): number {
    const warped = this.lateCost === 0 && segment[o + SEG_TIME_WARP]! > TIME_WARP_TOLERANCE;
    return (warped ? TIME_WARP_VIOLATION : 0) | (this.excessLoad(type, segment, o) > 0 ? LOAD_VIOLATION : 0);
  }

  /** Load above the vehicle's capacity, summed over the dimensions. */
  private excessLoad(type: number, segment: Float64Array, o: number): number {
    const capacity = this.instance.capacity;
    let excess = 0;
    for (let d = 0; d < this.dims; d++) excess += Math.max(0, segment[o + SEG_LOAD + d]! - capacity[type * this.dims + d]!);
    return excess;
  }

  /** Whether adding `extra` load to a route already carrying `segment[o..]`'s load fits the vehicle. */
  fitsLoad(type: number, segment: Float64Array, o: number, extra: Float64Array, eo: number): boolean {
    const capacity = this.instance.capacity;
    for (let d = 0; d < this.dims; d++) {
      if (segment[o + SEG_LOAD + d]! + extra[eo + SEG_LOAD + d]! > capacity[type * this.dims + d]!) return false;
    }
    return true;
  }

  /**
   * Whether a route of `type` carrying `segment[o..]`'s load, less that of job `outgoing` (none when
   * negative) and plus that of `nodes[first..last]`, fits the vehicle: a move's load checked with a
   * few reads before it is priced.
   */
  fitsExchange(type: number, segment: Float64Array, o: number, nodes: Int32Array, first: number, last: number, outgoing: number): boolean {
    const { capacity } = this.instance;
    const visits = this.visits;
    for (let d = 0; d < this.dims; d++) {
      let load = segment[o + SEG_LOAD + d]! - (outgoing < 0 ? 0 : visits[outgoing * SEGMENT_STRIDE + SEG_LOAD + d]!);
      for (let k = first; k <= last; k++) load += visits[nodes[k]! * SEGMENT_STRIDE + SEG_LOAD + d]!;
      if (load > capacity[type * this.dims + d]!) return false;
    }
    return true;
  }

  private anyJobExcludesAType(): boolean {
    const instance = this.instance;
    for (const job of instance.jobs) {
      for (let type = 0; type < instance.vehicleTypeCount; type++) {
        const word = instance.jobVehicleTypes[job * instance.vehicleTypeMaskWords + (type >>> 5)]!;
        if ((word & (1 << (type & 31))) === 0) return true;
      }
    }
    return false;
  }

  /** Whether two vehicle types end their routes identically, so route tails can be exchanged as is. */
  sameEnd(typeA: number, typeB: number): boolean {
    // Checked for every pair of jobs the local search examines; most pairs share a vehicle type.
    if (typeA === typeB) return true;
    for (let f = 0; f < SEGMENT_STRIDE; f++) {
      if (this.ends[typeA * SEGMENT_STRIDE + f] !== this.ends[typeB * SEGMENT_STRIDE + f]) return false;
    }
    return true;
  }

  canServe(node: number, slot: number): boolean {
    const instance = this.instance;
    const type = this.slotType[slot]!;
    const typeWord = instance.jobVehicleTypes[node * instance.vehicleTypeMaskWords + (type >>> 5)]!;
    if ((typeWord & (1 << (type & 31))) === 0) return false;
    if (instance.routeSlotMaskWords === 0) return true;
    const slotWord = instance.jobRouteSlots[node * instance.routeSlotMaskWords + (slot >>> 5)]!;
    return (slotWord & (1 << (slot & 31))) !== 0;
  }

  /** Lower bound on the cost increase of a detour, valid because route duration never shrinks by adding visits. */
  detourLowerBound(type: number, from: number, via: number, to: number): number {
    const n = this.instance.nodeCount;
    const distance = this.instance.distance;
    return this.instance.costPerDistance[type]! * (distance[from * n + via]! + distance[via * n + to]! - distance[from * n + to]!);
  }
}

function isSymmetric(distance: TravelArray, n: number): boolean {
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) if (distance[a * n + b] !== distance[b * n + a]) return false;
  }
  return true;
}
