import { UNLIMITED_VEHICLES, type CompiledInstance } from '../../compiled/compiled-instance.js';
import { SmallestThree } from '../../structures/smallest-three.js';
import type { Solution } from '../../structures/solution.js';
import type { Deadline } from '../deadline.js';
import type { InsertionSearch } from '../insertion-search.js';
import { LONG_ROUTE_JOBS } from '../long-routes.js';
import { type JobRanking, type Neighbourhood, reverseNeighbours } from '../neighbourhood.js';

/** Routes of up to this many times the neighbour count are scanned whole; longer ones only next to a job's neighbours. */
const FULL_SCAN_FACTOR = 2;
/** After the deadline, a job only tries the places next to this many of its nearest placed jobs (and unused vehicles). */
const FALLBACK_NEAREST = 6;
/** How many jobs of a ranking row the fallback ranks first (then four times as many, and so on). */
const FALLBACK_RANKED = 64;

/**
 * Whether every vehicle must average LONG_ROUTE_JOBS jobs or more to serve all jobs: a fleet of
 * limited types only, with that many jobs per vehicle.
 */
function fleetTakesLongRoutes(instance: CompiledInstance): boolean {
  let vehicles = 0;
  for (const count of instance.vehicleCount) {
    if (count === UNLIMITED_VEHICLES) return false;
    vehicles += count;
  }
  return instance.jobs.length >= LONG_ROUTE_JOBS * vehicles;
}

/**
 * Regret-3 insertion: repeatedly insert the unassigned job that would lose most by waiting (sum
 * of the gaps between its best and its 2nd/3rd best route), at its best position.
 *
 * Made to scale to thousands of jobs on few long routes: the best insertion per (job, route) is
 * cached with the job it follows, and after an insertion only the changed route is looked at
 * again, with one O(1) evaluation per job at its cached place; jobs near the inserted one (either
 * way in the granular neighbourhood), or whose place broke or became infeasible, are priced
 * again, on long routes only next to their neighbours. A (job, route) pair found infeasible after
 * a full scan stays so (routes only get fuller). Each step is O(pool · routes), so the whole
 * construction is about O(n² · routes) rather than O(n² · route length). Every job keeps its
 * three cheapest routes, scanned again only when a cost written since may change them, so most
 * steps choose the next job in O(pool): the same choice as a scan of every job's every route
 * (4,000 jobs on 50 routes, windows, capacities, priced time: 7.7 and 7.9 s against 8.5 and
 * 11.0 s, two runs each).
 *
 * When `deadline` expires, the rest is placed by a cheap cheapest insertion: a job only tries the
 * places next to its nearest placed jobs (granular neighbours, else by `ranking`) and unused
 * vehicles; what fits nowhere there stays unassigned for the search's recreate.
 *
 * Empty vehicles take part as one candidate per vehicle type (the first unused slot): a job far
 * from every route then has a large regret and opens a route early, which seeds routes at the
 * outskirts. A fleet that must carry long routes (`fleetTakesLongRoutes`) is a different case: there
 * every vehicle takes part, so a job whose best place is an empty vehicle has no regret while
 * another equal one is free, and routes open for the jobs nothing else can take. Against one
 * candidate per type, builds on equal routes (1 thread, 60 s): 2,000 jobs on 50 routes, windows on
 * half, capacities, 2,865 against 2,975 and 2,985 (30 jobs left out in each); 2,000 jobs on 60
 * routes, windows on all, 3,155 against 3,207. On a fleet of 4 jobs per vehicle (400 jobs, 100
 * vehicles, tight windows) every vehicle at once gave a construction 16 % dearer (10,360 against
 * 8,932, 50 routes each).
 */
export function regretInsertion(
  solution: Solution,
  insertion: InsertionSearch,
  neighbourhood: Neighbourhood,
  ranking: JobRanking,
  deadline: Deadline,
): void {
  const model = solution.model;
  const routes = solution.routes;
  const slotCount = routes.length;
  const nodeCount = model.instance.nodeCount;
  const { k, neighbours } = neighbourhood;
  const reverse = reverseNeighbours(neighbourhood, nodeCount);
  const fullScanSize = FULL_SCAN_FACTOR * k;
  const { routeOf, positionOf } = solution;

  const pool = Int32Array.from(solution.unassigned.subarray(0, solution.unassignedCount));
  let poolSize = pool.length;
  const rowOf = new Int32Array(nodeCount).fill(-1);
  pool.forEach((job, row) => (rowOf[job] = row));
  const cost = new Float64Array(pool.length * slotCount).fill(Infinity);
  /** Per (row, slot): the node the cached best insertion follows, -1 for the route start. */
  const after = new Int32Array(pool.length * slotCount);
  /**
   * Per pool row: its three cheapest active routes (costs, then slots) as its last scan found them,
   * and whether a cost written since may change them. An insertion changes one route's column,
   * which leaves the three of most rows as they were: only those rows scan every route again.
   */
  const top = new Float64Array(3 * pool.length);
  const topSlot = new Int32Array(3 * pool.length);
  const stale = new Uint8Array(pool.length).fill(1);
  const positions = new Int32Array(2 * k + 2);
  const touched = new Int32Array(pool.length);
  let stamp = 0;
  const active: number[] = [];
  const isActive = new Uint8Array(slotCount);

  const granular = (slot: number, job: number): number => {
    const route = routes[slot]!;
    if (route.size <= fullScanSize) return insertion.cheapest(route, job, null, 0);
    let count = 0;
    positions[count++] = 1;
    positions[count++] = route.size + 1;
    for (let t = 0; t < k; t++) {
      const v = neighbours[job * k + t]!;
      if (routeOf[v] !== slot) continue;
      positions[count++] = positionOf[v]!;
      positions[count++] = positionOf[v]! + 1;
    }
    return insertion.cheapestAmong(route, job, positions, count);
  };
  const price = (row: number, slot: number): void => {
    const job = pool[row]!;
    const route = routes[slot]!;
    let c = Infinity;
    if (model.canServe(job, slot)) {
      c = granular(slot, job);
      if (c === Infinity && route.size > fullScanSize) c = insertion.cheapest(route, job, null, 0);
    }
    const i = row * slotCount + slot;
    setCost(row, slot, c);
    after[i] = c === Infinity || insertion.position === 1 ? -1 : route.nodes[insertion.position - 1]!;
  };
  /** Writes a cost and marks its row stale when the cost may change the row's three: at or below its third, or one of them. */
  const setCost = (row: number, slot: number, c: number): void => {
    cost[row * slotCount + slot] = c;
    const o = 3 * row;
    if (c <= top[o + 2]! || slot === topSlot[o] || slot === topSlot[o + 1] || slot === topSlot[o + 2]) stale[row] = 1;
  };
  const priceRoute = (slot: number): void => {
    for (let row = 0; row < poolSize; row++) price(row, slot);
  };
  /** Re-prices `slot` after `inserted` joined it. */
  const update = (slot: number, inserted: number): void => {
    const route = routes[slot]!;
    if (route.size <= fullScanSize + 1) return priceRoute(slot);
    stamp++;
    const near = (v: number): void => {
      const row = rowOf[v]!;
      if (row < 0 || touched[row] === stamp) return;
      touched[row] = stamp;
      if (cost[row * slotCount + slot] !== Infinity) price(row, slot);
    };
    for (let t = 0; t < k; t++) near(neighbours[inserted * k + t]!);
    for (let r = reverse.start[inserted]!; r < reverse.start[inserted + 1]!; r++) near(reverse.list[r]!);
    for (let row = 0; row < poolSize; row++) {
      const i = row * slotCount + slot;
      if (touched[row] === stamp || cost[i] === Infinity) continue;
      const u = after[i]!;
      const position = u < 0 ? 1 : positionOf[u]! + 1;
      if (route.nodes[position] === inserted) {
        price(row, slot);
        continue;
      }
      positions[0] = position;
      const c = insertion.cheapestAmong(route, pool[row]!, positions, 1);
      if (c === Infinity) price(row, slot);
      else setCost(row, slot, c);
    }
  };
  const activate = (slot: number, pricing: boolean): void => {
    isActive[slot] = 1;
    active.push(slot);
    if (pricing) priceRoute(slot);
  };
  const activateNextEmpty = (type: number, pricing: boolean): void => {
    for (let slot = 0; slot < slotCount; slot++) {
      if (!isActive[slot] && routes[slot]!.size === 0 && routes[slot]!.type === type) return activate(slot, pricing);
    }
  };
  /** Drops pool row `row`, moving the last row into its place. */
  const dropRow = (row: number): void => {
    rowOf[pool[row]!] = -1;
    poolSize--;
    if (row === poolSize) return;
    pool[row] = pool[poolSize]!;
    rowOf[pool[row]!] = row;
    cost.copyWithin(row * slotCount, poolSize * slotCount, (poolSize + 1) * slotCount);
    after.copyWithin(row * slotCount, poolSize * slotCount, (poolSize + 1) * slotCount);
    top.copyWithin(3 * row, 3 * poolSize, 3 * poolSize + 3);
    topSlot.copyWithin(3 * row, 3 * poolSize, 3 * poolSize + 3);
    stale[row] = stale[poolSize]!;
  };
  const place = (job: number, slot: number, position: number, pricing: boolean): void => {
    const wasEmpty = routes[slot]!.size === 0;
    solution.insert(job, slot, position);
    solution.refreshRoute(slot);
    if (pricing) update(slot, job);
    if (wasEmpty) activateNextEmpty(routes[slot]!.type, pricing);
  };

  const typesSeen = new Set<number>();
  const everyVehicle = fleetTakesLongRoutes(model.instance);
  for (const route of routes) {
    if (route.size > 0 || everyVehicle) activate(route.slot, true);
    else if (!typesSeen.has(route.type)) {
      typesSeen.add(route.type);
      activate(route.slot, true);
    }
  }

  const smallest = new SmallestThree();
  while (poolSize > 0) {
    if (deadline.expired()) return finishCheaply();
    let chosen = -1;
    let chosenRegret = -Infinity;
    let chosenCost = Infinity;
    let chosenSlot = -1;
    for (let j = 0; j < poolSize; j++) {
      const o = 3 * j;
      if (stale[j] === 1) {
        smallest.reset();
        for (const slot of active) smallest.offer(cost[j * slotCount + slot]!, slot);
        top[o] = smallest.first;
        top[o + 1] = smallest.second;
        top[o + 2] = smallest.third;
        topSlot[o] = smallest.firstId;
        topSlot[o + 1] = smallest.secondId;
        topSlot[o + 2] = smallest.thirdId;
        stale[j] = 0;
      }
      const best = top[o]!;
      const second = top[o + 1]!;
      const third = top[o + 2]!;
      const bestSlot = topSlot[o]!;
      if (best === Infinity) {
        // Nowhere feasible, now or later (routes only get fuller): leave it unassigned.
        dropRow(j--);
        continue;
      }
      const regret = second === Infinity ? Infinity : second - best + (third === Infinity ? second - best : third - best);
      if (regret > chosenRegret || (regret === chosenRegret && best < chosenCost)) {
        chosen = j;
        chosenRegret = regret;
        chosenCost = best;
        chosenSlot = bestSlot;
      }
    }
    if (chosen === -1) break;
    const job = pool[chosen]!;
    const u = after[chosen * slotCount + chosenSlot]!;
    dropRow(chosen);
    place(job, chosenSlot, u < 0 ? 1 : positionOf[u]! + 1, true);
  }

  function finishCheaply(): void {
    for (let row = 0; row < poolSize; row++) {
      const job = pool[row]!;
      let best = Infinity;
      let bestSlot = -1;
      let bestPosition = -1;
      const tryAt = (slot: number, count: number): void => {
        const c = insertion.cheapestAmong(routes[slot]!, job, positions, count);
        if (c < best) {
          best = c;
          bestSlot = slot;
          bestPosition = insertion.position;
        }
      };
      // The granular neighbours first; a job with too few of them placed ranks all jobs by distance.
      let found = 0;
      const near = (v: number): void => {
        const slot = routeOf[v]!;
        if (slot < 0 || !model.canServe(job, slot)) return;
        found++;
        positions[0] = positionOf[v]!;
        positions[1] = positionOf[v]! + 1;
        tryAt(slot, 2);
      };
      for (let t = 0; t < k && found < FALLBACK_NEAREST; t++) near(neighbours[job * k + t]!);
      if (found < FALLBACK_NEAREST) {
        found = 0;
        // Most jobs find their nearest placed jobs early in the ranking: rank a few first, more only when they do not.
        let r = 0;
        for (let count = FALLBACK_RANKED; ; count *= 4) {
          const ranked = ranking.first(job, count);
          for (; r < ranked.length && found < FALLBACK_NEAREST; r++) near(ranked[r]!);
          if (found >= FALLBACK_NEAREST || ranked.length < count) break;
        }
      }
      for (const slot of active) {
        if (routes[slot]!.size > 0 || !model.canServe(job, slot)) continue;
        positions[0] = 1;
        tryAt(slot, 1);
      }
      if (bestSlot >= 0) place(job, bestSlot, bestPosition, false);
    }
  }
}
