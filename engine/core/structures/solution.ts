import { LOAD_VIOLATION, TIME_WARP_VIOLATION, type RouteModel } from '../route-model.js';
import { Route } from './route.js';
import { SEG_LOAD, SEGMENT_STRIDE } from './segment.js';

/**
 * A complete assignment: one Route per route slot (most may be empty), the position of every job
 * and the jobs left unassigned. The total cost is kept up to date by `refreshRoute`.
 */
export class Solution {
  readonly routes: Route[];
  /** Per node: route slot serving it, or -1. */
  readonly routeOf: Int32Array;
  readonly positionOf: Int32Array;
  readonly unassigned: Int32Array;
  unassignedCount = 0;
  private routesCost = 0;
  /** Routes with each kind of violation (time warp, excess load), so feasibility is O(1). */
  private warpedRoutes = 0;
  private overloadedRoutes = 0;
  /**
   * Per route slot: 1 when the route served jobs at its last refresh. With their count and a bound
   * past which every slot is unused, callers that need the used routes (every ruin and recreate) skip
   * the hundreds of empty slots an unlimited fleet has (one per job) instead of visiting each route.
   */
  readonly routeUsed: Uint8Array;
  private usedCount = 0;
  private usedBound = 0;
  /**
   * Per route slot × load dimension: the load the route carries at its last refresh. A recreate
   * on 1,000 jobs tries dozens of routes per job when the routes near it are full, and most fail
   * on load: read here, that check touches none of the route's own tables.
   */
  private readonly routeLoad: Float64Array;
  /**
   * Per route slot: a name for the route's job sequence. A refresh gives the route a new stamp from
   * the model and a copy takes the original's, so two routes of the model with one stamp serve the
   * same jobs in the same order (`FitMisses` relies on it); kept here, beside the loads, so a
   * recreate compares them without touching the routes.
   */
  readonly routeStamp: Float64Array;
  /** Routes refreshed since the last `syncFrom`, so syncing copies only what differs. */
  private readonly changed: Uint8Array;
  private readonly changedList: number[] = [];

  constructor(readonly model: RouteModel) {
    const instance = model.instance;
    this.routes = Array.from(model.slotType, (type, slot) => new Route(slot, type, model));
    this.routeOf = new Int32Array(instance.nodeCount).fill(-1);
    this.positionOf = new Int32Array(instance.nodeCount).fill(-1);
    this.unassigned = new Int32Array(instance.jobs.length);
    this.unassigned.set(instance.jobs);
    this.unassignedCount = instance.jobs.length;
    this.changed = new Uint8Array(this.routes.length);
    this.routeUsed = new Uint8Array(this.routes.length);
    this.routeLoad = new Float64Array(this.routes.length * model.dims);
    this.routeStamp = new Float64Array(this.routes.length);
  }

  /** Every route slot from this one on is unused. */
  get usedSlotBound(): number {
    return this.usedBound;
  }

  get cost(): number {
    return this.routesCost + this.unassignedCount * this.model.instance.unassignedCost;
  }

  /** Whether no route needs time warp and none is overloaded (penalised costs are then real costs). */
  get feasible(): boolean {
    return this.warpedRoutes === 0 && this.overloadedRoutes === 0;
  }

  get hasTimeWarp(): boolean {
    return this.warpedRoutes > 0;
  }

  get hasExcessLoad(): boolean {
    return this.overloadedRoutes > 0;
  }

  /** Recomputes every route's cost after the model's penalties changed. */
  reprice(): void {
    this.routesCost = 0;
    for (const route of this.routes) {
      route.reprice();
      this.routesCost += route.cost;
    }
  }

  /** Inserts before the node currently at `position`; call refreshRoute afterwards. */
  insert(node: number, slot: number, position: number): void {
    this.dropUnassigned(node);
    this.routes[slot]!.insertAt(position, node);
    this.routeOf[node] = slot;
  }

  /** Removes a job and marks it unassigned; call refreshRoute afterwards. */
  remove(node: number): void {
    const slot = this.routeOf[node]!;
    const route = this.routes[slot]!;
    // Positions go stale between removals from the same route, so look the node up.
    let position = this.positionOf[node]!;
    if (route.nodes[position] !== node) position = route.nodes.indexOf(node, 1);
    route.removeAt(position);
    this.routeOf[node] = -1;
    this.positionOf[node] = -1;
    this.unassigned[this.unassignedCount++] = node;
  }

  refreshRoute(slot: number): void {
    const route = this.routes[slot]!;
    this.routesCost -= route.cost;
    this.count(route.violations, -1);
    route.refresh();
    this.routesCost += route.cost;
    this.count(route.violations, 1);
    const used = route.size > 0 ? 1 : 0;
    if (used !== this.routeUsed[slot]) {
      this.routeUsed[slot] = used;
      this.usedCount += used === 1 ? 1 : -1;
      if (used === 1 && slot >= this.usedBound) this.usedBound = slot + 1;
    }
    const dims = this.model.dims;
    const end = (route.size + 1) * SEGMENT_STRIDE + SEG_LOAD;
    for (let d = 0; d < dims; d++) this.routeLoad[slot * dims + d] = route.prefix[end + d]!;
    this.routeStamp[slot] = this.model.nextRouteStamp();
    if (!this.changed[slot]) {
      this.changed[slot] = 1;
      this.changedList.push(slot);
    }
    for (let i = 1; i <= route.size; i++) {
      this.routeOf[route.nodes[i]!] = slot;
      this.positionOf[route.nodes[i]!] = i;
    }
  }

  /** Whether route `slot` has room for `node`'s load (as RouteModel.fitsLoad decides from the route's tables). */
  canCarry(slot: number, node: number): boolean {
    const model = this.model;
    const dims = model.dims;
    const capacity = model.instance.capacity;
    const type = model.slotType[slot]!;
    for (let d = 0; d < dims; d++) {
      if (this.routeLoad[slot * dims + d]! + model.visits[node * SEGMENT_STRIDE + SEG_LOAD + d]! > capacity[type * dims + d]!) return false;
    }
    return true;
  }

  private count(violations: number, sign: number): void {
    if (violations & TIME_WARP_VIOLATION) this.warpedRoutes += sign;
    if (violations & LOAD_VIOLATION) this.overloadedRoutes += sign;
  }

  copyFrom(other: Solution): void {
    for (let slot = 0; slot < this.routes.length; slot++) this.routes[slot]!.copyFrom(other.routes[slot]!);
    this.routeLoad.set(other.routeLoad);
    this.routeStamp.set(other.routeStamp);
    this.routeOf.set(other.routeOf);
    this.positionOf.set(other.positionOf);
    this.unassigned.set(other.unassigned);
    this.unassignedCount = other.unassignedCount;
    this.routesCost = other.routesCost;
    this.warpedRoutes = other.warpedRoutes;
    this.overloadedRoutes = other.overloadedRoutes;
    this.copyUsed(other);
    this.clearChanges();
  }

  /**
   * Makes this equal to `other`, assuming they were equal before either recorded changes (the
   * ruin-and-recreate loop keeps a current and a candidate solution in step this way).
   */
  syncFrom(other: Solution): void {
    for (const slot of this.changedList) this.copyRoute(other, slot);
    for (const slot of other.changedList) this.copyRoute(other, slot);
    this.clearChanges();
    other.clearChanges();
    this.routeOf.set(other.routeOf);
    this.positionOf.set(other.positionOf);
    this.unassigned.set(other.unassigned);
    this.unassignedCount = other.unassignedCount;
    this.routesCost = other.routesCost;
    this.warpedRoutes = other.warpedRoutes;
    this.overloadedRoutes = other.overloadedRoutes;
    this.copyUsed(other);
  }

  private copyRoute(other: Solution, slot: number): void {
    this.routes[slot]!.copyFrom(other.routes[slot]!);
    const dims = this.model.dims;
    for (let d = slot * dims; d < (slot + 1) * dims; d++) this.routeLoad[d] = other.routeLoad[d]!;
    this.routeStamp[slot] = other.routeStamp[slot]!;
  }

  private copyUsed(other: Solution): void {
    this.routeUsed.set(other.routeUsed);
    this.usedCount = other.usedCount;
    this.usedBound = other.usedBound;
  }

  private clearChanges(): void {
    for (const slot of this.changedList) this.changed[slot] = 0;
    this.changedList.length = 0;
  }

  usedRoutes(): number {
    return this.usedCount;
  }

  /** Job sequences of the used routes with their slots, for reporting and sharing between threads. */
  toRoutes(): { slot: number; jobs: number[] }[] {
    return this.routes
      .filter((route) => route.size > 0)
      .map((route) => ({ slot: route.slot, jobs: Array.from(route.nodes.subarray(1, route.size + 1)) }));
  }

  /** Rebuilds from `toRoutes()` output; jobs not listed end up unassigned. */
  load(routes: readonly { slot: number; jobs: readonly number[] }[]): void {
    for (const route of this.routes) {
      for (let i = 1; i <= route.size; i++) this.routeOf[route.nodes[i]!] = -1;
      if (route.size > 0) {
        route.setJobs(route.nodes, 0, 0);
        this.refreshRoute(route.slot);
      }
    }
    this.unassigned.set(this.model.instance.jobs);
    this.unassignedCount = this.unassigned.length;
    for (const { slot, jobs } of routes) {
      jobs.forEach((job, i) => this.insert(job, slot, i + 1));
      this.refreshRoute(slot);
    }
  }

  private dropUnassigned(node: number): void {
    for (let i = 0; i < this.unassignedCount; i++) {
      if (this.unassigned[i] === node) {
        this.unassigned[i] = this.unassigned[--this.unassignedCount]!;
        return;
      }
    }
  }
}
