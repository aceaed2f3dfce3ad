import type { Solution } from '../../structures/solution.js';

/** Marks a route end in the neighbour arrays (a depot, whichever one). */
export const DEPOT = -1;

/**
 * A solution kept for later: its routes by slot, its cost, and each job's neighbours on its route
 * (the form the broken-pairs distance reads).
 */
export class Elite {
  readonly cost: number;
  readonly routes: { slot: number; jobs: number[] }[];
  /** Per node: the job after it on its route, or DEPOT. */
  readonly next: Int32Array;
  /** Per node: the job before it on its route, or DEPOT. */
  readonly previous: Int32Array;
  /** Per node: its index in `routes`, or -1 when unassigned. */
  readonly routeIndex: Int32Array;

  constructor(solution: Solution) {
    this.cost = solution.cost;
    this.routes = solution.toRoutes();
    const nodes = solution.model.instance.nodeCount;
    this.next = new Int32Array(nodes).fill(DEPOT);
    this.previous = new Int32Array(nodes).fill(DEPOT);
    this.routeIndex = new Int32Array(nodes).fill(-1);
    this.routes.forEach(({ jobs }, index) => {
      for (const job of jobs) this.routeIndex[job] = index;
      for (let i = 1; i < jobs.length; i++) {
        this.next[jobs[i - 1]!] = jobs[i]!;
        this.previous[jobs[i]!] = jobs[i - 1]!;
      }
    });
  }

  /**
   * Broken-pairs distance (Prins 2009, as hybrid genetic search uses it): the share of jobs whose
   * successor here is neither their successor nor their predecessor in `other` (so a reversed route
   * costs nothing), plus the route starts here that are no route end there. 0 for the same plan.
   */
  distance(other: Elite, jobs: Int32Array): number {
    let broken = 0;
    for (const job of jobs) {
      const next = this.next[job]!;
      if (next !== other.next[job] && next !== other.previous[job]) broken++;
      if (this.previous[job] === DEPOT && other.previous[job] !== DEPOT && other.next[job] !== DEPOT) broken++;
    }
    return broken / Math.max(1, jobs.length);
  }
}
