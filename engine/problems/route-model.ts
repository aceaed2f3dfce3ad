import type { CompiledInstance } from '../compiled/compiled-instance.js';
import { routeSlots } from '../compiled/route-slots.js';
import {
  SEG_DISTANCE,
  SEG_DURATION,
  SEG_LOAD,
  SEG_TIME_WARP,
  SEGMENT_STRIDE,
  SegmentAlgebra,
  writeVisitSegment,
} from '../structures/segment.js';

/** Concatenation round-off must not turn a feasible route into a rejected one. */
const TIME_WARP_TOLERANCE = 1e-7;

/**
 * Everything the search needs to price a route: visit and depot segments, the per-vehicle-type
 * objective and the hard constraints (time windows, capacities, vehicle compatibility).
 * Infeasible routes cost Infinity, so every move evaluation rejects them for free.
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
    this.restricted = instance.routeSlotMaskWords > 0 || this.anyJobExcludesAType();
    const types = instance.vehicleTypeCount;
    const noLoad = new Float64Array(dims);
    this.starts = new Float64Array(types * SEGMENT_STRIDE);
    this.ends = new Float64Array(types * SEGMENT_STRIDE);
    for (let type = 0; type < types; type++) {
      const depotSegment = (out: Float64Array, depot: number): void =>
        writeVisitSegment(
          out,
          type * SEGMENT_STRIDE,
          depot,
          0,
          Math.max(instance.shiftStart[type]!, instance.timeWindowStart[depot]!),
          Math.min(instance.shiftEnd[type]!, instance.timeWindowEnd[depot]!),
          noLoad,
          0,
          dims,
        );
      depotSegment(this.starts, instance.vehicleStart[type]!);
      depotSegment(this.ends, instance.vehicleEnd[type]!);
    }
  }

  /** Cost of a complete route (depot to depot) summarised by `segment[o..]`, or Infinity if infeasible. */
  routeCost(type: number, segment: Float64Array, o: number): number {
    if (segment[o + SEG_TIME_WARP]! > TIME_WARP_TOLERANCE) return Infinity;
    const capacity = this.instance.capacity;
    for (let d = 0; d < this.dims; d++) {
      if (segment[o + SEG_LOAD + d]! > capacity[type * this.dims + d]!) return Infinity;
    }
    const instance = this.instance;
    return (
      instance.fixedCost[type]! +
      instance.costPerDistance[type]! * segment[o + SEG_DISTANCE]! +
      instance.costPerTime[type]! * segment[o + SEG_DURATION]!
    );
  }

  /** Whether adding `extra` load to a route already carrying `segment[o..]`'s load fits the vehicle. */
  fitsLoad(type: number, segment: Float64Array, o: number, extra: Float64Array, eo: number): boolean {
    const capacity = this.instance.capacity;
    for (let d = 0; d < this.dims; d++) {
      if (segment[o + SEG_LOAD + d]! + extra[eo + SEG_LOAD + d]! > capacity[type * this.dims + d]!) return false;
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
    return (
      this.instance.costPerDistance[type]! *
      (distance[from * n + via]! + distance[via * n + to]! - distance[from * n + to]!)
    );
  }
}
