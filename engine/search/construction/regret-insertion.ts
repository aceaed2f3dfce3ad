import type { Solution } from '../../structures/solution.js';
import type { InsertionSearch } from '../insertion-search.js';

/**
 * Regret-3 insertion: repeatedly insert the unassigned job that would lose most by waiting (sum
 * of the gaps between its best and its 2nd/3rd best route), at its best position. Costs are
 * cached per (job, route) and only the route that changed is re-priced, so a full construction is
 * O(n² · route length) instead of O(n³ · route length).
 *
 * Empty vehicles take part as one candidate per vehicle type (the first unused slot).
 */
export function regretInsertion(solution: Solution, insertion: InsertionSearch): void {
  const model = solution.model;
  const routes = solution.routes;
  const slotCount = routes.length;
  const pool = Int32Array.from(solution.unassigned.subarray(0, solution.unassignedCount));
  let poolSize = pool.length;
  const cost = new Float64Array(pool.length * slotCount).fill(Infinity);
  const position = new Int32Array(pool.length * slotCount);
  const active: number[] = [];
  const isActive = new Uint8Array(slotCount);

  const price = (slot: number): void => {
    const route = routes[slot]!;
    for (let j = 0; j < poolSize; j++) {
      const job = pool[j]!;
      const c = model.canServe(job, slot) ? insertion.cheapest(route, job, null, 0) : Infinity;
      cost[j * slotCount + slot] = c;
      position[j * slotCount + slot] = insertion.position;
    }
  };
  const activate = (slot: number): void => {
    isActive[slot] = 1;
    active.push(slot);
    price(slot);
  };
  const activateNextEmpty = (type: number): void => {
    for (let slot = 0; slot < slotCount; slot++) {
      if (!isActive[slot] && routes[slot]!.size === 0 && routes[slot]!.type === type) return activate(slot);
    }
  };

  const typesSeen = new Set<number>();
  for (const route of routes) {
    if (route.size > 0) activate(route.slot);
    else if (!typesSeen.has(route.type)) {
      typesSeen.add(route.type);
      activate(route.slot);
    }
  }

  while (poolSize > 0) {
    let chosen = -1;
    let chosenRegret = -Infinity;
    let chosenCost = Infinity;
    let chosenSlot = -1;
    for (let j = 0; j < poolSize; j++) {
      let best = Infinity;
      let second = Infinity;
      let third = Infinity;
      let bestSlot = -1;
      for (const slot of active) {
        const c = cost[j * slotCount + slot]!;
        if (c < best) {
          third = second;
          second = best;
          best = c;
          bestSlot = slot;
        } else if (c < second) {
          third = second;
          second = c;
        } else if (c < third) third = c;
      }
      if (best === Infinity) {
        // Nowhere feasible, now or later (routes only get fuller): leave it unassigned.
        pool[j--] = pool[--poolSize]!;
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
    const wasEmpty = routes[chosenSlot]!.size === 0;
    solution.insert(job, chosenSlot, position[chosen * slotCount + chosenSlot]!);
    solution.refreshRoute(chosenSlot);
    // Keep the cache rows aligned with the pool when the chosen job leaves it.
    poolSize--;
    if (chosen !== poolSize) {
      pool[chosen] = pool[poolSize]!;
      cost.copyWithin(chosen * slotCount, poolSize * slotCount, (poolSize + 1) * slotCount);
      position.copyWithin(chosen * slotCount, poolSize * slotCount, (poolSize + 1) * slotCount);
    }
    price(chosenSlot);
    if (wasEmpty) activateNextEmpty(routes[chosenSlot]!.type);
  }
}
