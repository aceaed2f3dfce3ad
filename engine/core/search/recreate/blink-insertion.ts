import type { CompiledInstance } from '../../compiled/compiled-instance.js';
import type { Random } from '../../structures/prng.js';
import type { Solution } from '../../structures/solution.js';
import type { InsertionSearch } from '../insertion-search.js';
import { LARGE_PLAN_JOBS } from '../large-plan.js';
import { longRoutes } from '../long-routes.js';
import { NearRoutes } from '../near-routes.js';
import { windowsDiffer } from '../windows-differ.js';
import { FitMisses } from './fit-misses.js';
import { sortByKey } from './sort-by-key.js';

/** Chance of skipping a position (SISR's β). */
const BLINK_RATE = 0.01;
/**
 * Chance that a recreate starts its first job on an unused vehicle. A greedy insertion almost
 * never opens a route (a lone visit costs two depot legs), so without this the search keeps the
 * route count of its construction, and on long routes the cheaper plans with more routes stay out
 * of reach.
 */
const OPEN_ROUTE_RATE = 0.05;
/**
 * The same chance on plans of LARGE_PLAN_JOBS jobs or more whose jobs have differing time windows,
 * while their routes are long (LONG_ROUTE_JOBS). A recreate there places a small share of the plan,
 * and at 0.05 the search kept fewer, longer routes than the cheaper plans have. Measured on the
 * tuning split against 0.05: 50,000 iterations, seeds 1-2, G&H 1000 `*_10_1` r2 -1.5/-1.8 % (30-31
 * -> 33-34 routes), r1 +0.8/+1.0 %; 20 s of CPU, seed 3, r2/rc2 `_10_1` -0.53/-1.75 %. On short
 * routes it drifts the other way: G&H 400 r1 ended with 42-43 routes from a construction of 40.
 * There 0.05, at equal CPU with educated candidates, gave r1/rc1 `_4_1` (30 s, seeds 1-5) -0.18 %
 * (10 pairs, 8 cheaper) and `_10_1` (60 s, seeds 1-4) -0.19 % (8 pairs, 7 cheaper) with 5-20 % more
 * iterations; c1 `_4_1` and `_10_1` (seeds 1-2) ended within 0.001 % with 25 % more. Without
 * windows (CVRP, where capacity sets the routes) it did not hold at equal CPU: X-n895 +2.1/+1.6 %
 * (seeds 3-4), X-n513 -1.4 %, X-n749 -0.3 %, so those plans keep 0.05.
 */
const LARGE_PLAN_OPEN_ROUTE_RATE = 0.2;

/** Job orderings for the greedy recreate, with SISR's relative weights. */
const enum Order {
  Random,
  DemandDescending,
  FarFirst,
  CloseFirst,
  TightWindowFirst,
  EarlyWindowFirst,
}
const ORDER_WEIGHTS: readonly [Order, number][] = [
  [Order.Random, 4],
  [Order.DemandDescending, 4],
  [Order.FarFirst, 2],
  [Order.CloseFirst, 1],
  [Order.TightWindowFirst, 2],
  [Order.EarlyWindowFirst, 2],
];
const TOTAL_WEIGHT = ORDER_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

/** How a recreate may use unused vehicles. */
export const enum Opening {
  /** Now and then the first job starts a route of its own (OPEN_ROUTE_RATE, or LARGE_PLAN_OPEN_ROUTE_RATE on large plans with windows and long routes); any job may open one. */
  Sometimes,
  /** The first job that can starts a route of its own: a plan with one more route. */
  First,
  /** No job opens a route, so the plan keeps at most its routes (jobs that fit nowhere stay unassigned). */
  Never,
}

/**
 * SISR recreate: inserts the unassigned jobs one by one, in a randomly chosen order, each at its
 * cheapest position over all routes while "blinking" past a few positions. Jobs that fit nowhere
 * open an unused vehicle, or stay unassigned when none is left.
 */
export class BlinkInsertion {
  /** Per order, a sort key per node; smaller goes first. */
  private readonly keys: Float64Array[];
  private readonly pending: Int32Array;
  /** The sort's buffer, as long as `pending`. */
  private readonly sortScratch: Int32Array;
  private readonly typeSeenAt: Int32Array;
  private stamp = 0;
  private readonly near: NearRoutes;
  private readonly misses: FitMisses;
  /** The used route slots, in slot order (a recreate only adds jobs, so only an opened route changes them). */
  private used = new Int32Array(0);
  private usedCount = 0;
  /** The first unused route slot of each vehicle type that has one, in slot order. */
  private readonly unused: Int32Array;
  private unusedCount = 0;
  private readonly typeFoundAt: Int32Array;
  private finds = 0;
  /** The current job's cheapest insertion so far. */
  private best = Infinity;
  private bestSlot = -1;
  private bestPosition = -1;
  /** Whether the plan is large and its jobs' windows differ (see LARGE_PLAN_OPEN_ROUTE_RATE). */
  private readonly largeWithWindows: boolean;

  constructor(
    instance: CompiledInstance,
    private readonly insertion: InsertionSearch,
    private readonly random: Random,
  ) {
    this.keys = orderingKeys(instance);
    this.pending = new Int32Array(instance.jobs.length);
    this.sortScratch = new Int32Array(instance.jobs.length);
    this.typeSeenAt = new Int32Array(instance.vehicleTypeCount);
    this.near = new NearRoutes(instance);
    this.misses = new FitMisses(instance.nodeCount);
    this.unused = new Int32Array(instance.vehicleTypeCount);
    this.typeFoundAt = new Int32Array(instance.vehicleTypeCount);
    this.largeWithWindows = instance.jobs.length >= LARGE_PLAN_JOBS && windowsDiffer(instance);
  }

  recreate(solution: Solution, opening = Opening.Sometimes): void {
    const count = solution.unassignedCount;
    if (count === 0) return;
    const pending = this.pending;
    pending.set(solution.unassigned.subarray(0, count));
    this.random.shuffle(pending, count);
    const order = this.pickOrder();
    if (order !== Order.Random) sortByKey(pending, count, this.keys[order]!, this.sortScratch);
    const routes = solution.routes;
    const open = opening === Opening.First || (opening === Opening.Sometimes && this.random.nextFloat() < this.openRouteRate(solution));
    const first = open ? this.openRoute(solution, pending, count) : -1;
    this.near.prepare(solution);
    this.listRoutes(solution);
    const hard = solution.model.forbidsViolations;
    for (let p = 0; p < count; p++) {
      if (p === first) continue;
      const job = pending[p]!;
      this.best = Infinity;
      this.bestSlot = -1;
      this.bestPosition = -1;
      this.stamp++;
      const missed = hard ? this.misses.row(job) : undefined;
      if (missed !== undefined) {
        // A job that once fitted no used route: the ones that changed since.
        this.tryListed(solution, job, opening, this.used, this.usedCount, missed);
      } else if (!this.near.mark(solution, job)) {
        for (let slot = 0; slot < routes.length; slot++) this.consider(solution, slot, job, opening);
      } else {
        // On big plans the routes near the job first; the others only when none of those takes it.
        this.tryListed(solution, job, opening, this.near.slots, this.near.count);
        // The unused vehicles were tried with the near routes, so the other used routes are left.
        if (this.bestSlot < 0 || routes[this.bestSlot]!.size === 0)
          for (let i = 0; i < this.usedCount; i++) if (!this.near.has(this.used[i]!)) this.consider(solution, this.used[i]!, job, opening);
      }
      if (this.bestSlot >= 0) {
        const opened = routes[this.bestSlot]!.size === 0;
        solution.insert(job, this.bestSlot, this.bestPosition);
        solution.refreshRoute(this.bestSlot);
        if (opened) this.listRoutes(solution);
      } else if (hard) {
        this.misses.record(job, solution, this.used, this.usedCount);
      }
    }
  }

  /** The chance that a recreate of `solution` starts its first job on an unused vehicle. */
  private openRouteRate(solution: Solution): number {
    return this.largeWithWindows && longRoutes(solution) ? LARGE_PLAN_OPEN_ROUTE_RATE : OPEN_ROUTE_RATE;
  }

  /**
   * The routes `listed[0..count)` (in slot order) and the first unused vehicle of each type, in
   * slot order (the order of a pass over every slot, so a seed's run does not depend on skipping
   * the others): a plan with hundreds of vehicle slots costs a handful of routes per job, not a
   * pass over all of them. With `missed`, a listed route whose stamp is the one recorded there
   * (`FitMisses`) is skipped: the job fitted nowhere in it and it has not changed since.
   */
  private tryListed(solution: Solution, job: number, opening: Opening, listed: Int32Array, count: number, missed?: Float64Array): void {
    const stamps = solution.routeStamp;
    const unusedCount = opening === Opening.Never ? 0 : this.unusedCount;
    let i = 0;
    let u = 0;
    while (i < count || u < unusedCount) {
      const route = i < count ? listed[i]! : Infinity;
      const free = u < unusedCount ? this.unused[u]! : Infinity;
      if (route < free) {
        if (missed === undefined || missed[route] !== stamps[route]) this.consider(solution, route, job, opening);
        i++;
      } else {
        this.consider(solution, free, job, opening);
        u++;
      }
    }
  }

  /** Prices `job` in route `slot`, keeping the cheapest; of the unused vehicles of a type only the first is tried. */
  private consider(solution: Solution, slot: number, job: number, opening: Opening): void {
    const route = solution.routes[slot]!;
    const model = solution.model;
    if (route.size === 0) {
      if (opening === Opening.Never) return;
      // Unused vehicles of one type are interchangeable: try the first one only.
      if (this.typeSeenAt[route.type] === this.stamp) return;
      this.typeSeenAt[route.type] = this.stamp;
    }
    if (!solution.canCarry(slot, job) || (model.restricted && !model.canServe(job, slot))) return;
    const cost = this.insertion.cheapest(route, job, this.random, BLINK_RATE, this.best, true);
    if (cost < this.best) {
      this.best = cost;
      this.bestSlot = slot;
      this.bestPosition = this.insertion.position;
    }
  }

  /** Lists the used routes and the first unused slot of each vehicle type, in slot order (again whenever a route opens). */
  private listRoutes(solution: Solution): void {
    const slots = solution.routes.length;
    if (this.used.length < slots) this.used = new Int32Array(slots);
    const routeUsed = solution.routeUsed;
    const slotType = solution.model.slotType;
    const bound = solution.usedSlotBound;
    const types = this.typeFoundAt.length;
    this.finds++;
    this.unusedCount = 0;
    this.usedCount = 0;
    // Past the bound every slot is unused, so the scan goes on only until each type has its first unused slot.
    for (let slot = 0; slot < slots && (slot < bound || this.unusedCount < types); slot++) {
      if (routeUsed[slot] === 1) this.used[this.usedCount++] = slot;
      else if (this.typeFoundAt[slotType[slot]!] !== this.finds) {
        this.typeFoundAt[slotType[slot]!] = this.finds;
        this.unused[this.unusedCount++] = slot;
      }
    }
  }

  /**
   * Puts the first of `pending[0..count)` that an unused vehicle can take alone on that vehicle;
   * returns its index in `pending`, or -1 when none could be placed so.
   */
  private openRoute(solution: Solution, pending: Int32Array, count: number): number {
    const model = solution.model;
    for (let p = 0; p < count; p++) {
      const job = pending[p]!;
      for (const route of solution.routes) {
        if (route.size > 0 || (model.restricted && !model.canServe(job, route.slot))) continue;
        if (this.insertion.cheapest(route, job, null, 0) === Infinity) continue;
        solution.insert(job, route.slot, 1);
        solution.refreshRoute(route.slot);
        return p;
      }
    }
    return -1;
  }

  private pickOrder(): Order {
    let draw = this.random.nextFloat() * TOTAL_WEIGHT;
    for (const [order, weight] of ORDER_WEIGHTS) {
      draw -= weight;
      if (draw < 0) return order;
    }
    return Order.Random;
  }
}

function orderingKeys(instance: CompiledInstance): Float64Array[] {
  const n = instance.nodeCount;
  const dims = instance.loadDimensions;
  const depot = instance.vehicleStart[0]!;
  const keys = Array.from({ length: ORDER_WEIGHTS.length }, () => new Float64Array(n));
  for (let node = 0; node < n; node++) {
    let demand = 0;
    for (let d = 0; d < dims; d++) demand += instance.demand[node * dims + d]!;
    const fromDepot = instance.distance[depot * n + node]!;
    keys[Order.DemandDescending]![node] = -demand;
    keys[Order.FarFirst]![node] = -fromDepot;
    keys[Order.CloseFirst]![node] = fromDepot;
    keys[Order.TightWindowFirst]![node] = instance.timeWindowEnd[node]! - instance.timeWindowStart[node]!;
    keys[Order.EarlyWindowFirst]![node] = instance.timeWindowStart[node]!;
  }
  return keys;
}
