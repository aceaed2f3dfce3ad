import type { Route } from '../structures/route.js';
import { sequenceHash } from '../structures/sequence-hash.js';
import type { Solution } from '../structures/solution.js';

/**
 * Which routes are as a local search left them when it last finished (a local optimum of one cost
 * function). Every move looks at two routes only, so no move between two such routes can improve:
 * a search after a ruin and recreate needs to start only from the routes that changed, as hybrid
 * genetic search skips route pairs not modified since they were last tested. Routes are recognised
 * by content (cost and a hash of the sequence), so it does not matter which solution object
 * carries them or what happened in between.
 */
export class SettledRoutes {
  private readonly cost: Float64Array;
  private readonly hash: Int32Array;
  private known = false;

  constructor(slots: number) {
    this.cost = new Float64Array(slots);
    this.hash = new Int32Array(slots);
  }

  /**
   * Writes `settled` into `stamps` for every route as it was at the remembered optimum and
   * `changed` for the others; returns how many routes changed.
   */
  stamp(solution: Solution, stamps: Int32Array, settled: number, changed: number): number {
    let count = 0;
    for (const route of solution.routes) {
      const same = this.holds(route);
      stamps[route.slot] = same ? settled : changed;
      if (!same) count++;
    }
    return count;
  }

  /** Whether a local optimum is remembered. */
  get isKnown(): boolean {
    return this.known;
  }

  /** Whether `route` is as it was at the remembered optimum. */
  holds(route: Route): boolean {
    return this.known && this.cost[route.slot] === route.cost && this.hash[route.slot] === sequenceHash(route.nodes, route.size);
  }

  /** Forgets the remembered optimum, for when the moves allowed change. */
  forget(): void {
    this.known = false;
  }

  /** Records `solution` as the local optimum. */
  remember(solution: Solution): void {
    for (const route of solution.routes) {
      this.cost[route.slot] = route.cost;
      this.hash[route.slot] = sequenceHash(route.nodes, route.size);
    }
    this.known = true;
  }
}
