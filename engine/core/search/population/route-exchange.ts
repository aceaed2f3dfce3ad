import type { Random } from '../../structures/prng.js';
import type { Solution } from '../../structures/solution.js';
import type { JobRanking } from '../neighbourhood.js';
import type { Elite } from './elite.js';

/**
 * Selective route exchange (Nagata & Kobayashi's SREX, PyVRP's default crossover), in a
 * geographic form: around a random seed job, up to half of the routes of the first parent are
 * replaced by as many routes of the second that pass near the same seed. The child keeps the
 * first parent's other routes minus the jobs the second parent's routes bring; jobs on neither are
 * left unassigned for the caller's recreate. The routes the child takes from feasible parents are
 * feasible when travel times obey the triangle inequality (dropping a visit then never delays the
 * rest of a route); callers drop a child that is not.
 */
export class RouteExchange {
  private readonly takenAt: Int32Array;
  private readonly slotUsedAt: Int32Array;
  private stamp = 0;

  constructor(
    private readonly ranking: JobRanking,
    nodeCount: number,
    slotCount: number,
    private readonly random: Random,
  ) {
    this.takenAt = new Int32Array(nodeCount);
    this.slotUsedAt = new Int32Array(slotCount);
  }

  cross(child: Solution, first: Elite, second: Elite): void {
    const jobs = child.model.instance.jobs;
    const seed = jobs[this.random.nextInt(jobs.length)]!;
    const most = Math.max(1, Math.floor(Math.min(first.routes.length, second.routes.length) / 2));
    const count = 1 + this.random.nextInt(most);
    const replaced = this.nearRoutes(first, seed, count);
    const incoming = this.nearRoutes(second, seed, count);

    this.stamp++;
    const stamp = this.stamp;
    const routes: { slot: number; jobs: number[] }[] = [];
    for (const index of incoming) for (const job of second.routes[index]!.jobs) this.takenAt[job] = stamp;
    first.routes.forEach((route, index) => {
      if (replaced.has(index)) return;
      const kept = route.jobs.filter((job) => this.takenAt[job] !== stamp);
      if (kept.length === 0) return;
      this.slotUsedAt[route.slot] = stamp;
      routes.push({ slot: route.slot, jobs: kept });
    });
    for (const index of incoming) {
      const route = second.routes[index]!;
      const slot = this.freeSlot(child, route.slot, route.jobs, stamp);
      if (slot < 0) continue;
      this.slotUsedAt[slot] = stamp;
      routes.push({ slot, jobs: route.jobs });
    }
    child.load(routes);
  }

  /** Indices of up to `count` routes of `parent`, in the order its jobs nearest `seed` lie on them. */
  private nearRoutes(parent: Elite, seed: number, count: number): Set<number> {
    const chosen = new Set<number>();
    const own = parent.routeIndex[seed]!;
    if (own >= 0) chosen.add(own);
    const ranked = this.ranking.row(seed);
    for (let r = 0; r < ranked.length && chosen.size < count; r++) {
      const index = parent.routeIndex[ranked[r]!]!;
      if (index >= 0) chosen.add(index);
    }
    return chosen;
  }

  /** `preferred` when free, else a free slot of the same vehicle type that may serve every job; -1 if none. */
  private freeSlot(child: Solution, preferred: number, jobs: readonly number[], stamp: number): number {
    const model = child.model;
    const fits = (slot: number): boolean =>
      this.slotUsedAt[slot] !== stamp && (!model.restricted || jobs.every((job) => model.canServe(job, slot)));
    if (fits(preferred)) return preferred;
    const type = model.slotType[preferred];
    for (let slot = 0; slot < model.slotType.length; slot++) if (model.slotType[slot] === type && fits(slot)) return slot;
    return -1;
  }
}
