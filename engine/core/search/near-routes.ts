import type { CompiledInstance } from '../compiled/compiled-instance.js';
import type { Solution } from '../structures/solution.js';
import { JobRanking } from './neighbourhood.js';

/**
 * Plans from this many jobs price a job's insertion first in the routes near it only. On 1,000
 * jobs with time windows and ~90 routes, a greedy recreate that tried every position of every route
 * spent three quarters of the search's time there; with the 40 nearest jobs, 20,000 iterations took 21 %
 * less CPU and ended 1.25 % cheaper on average (r1_10_2 and rc1_10_2, seeds 1–3). On X-n303 (21 full
 * routes, where a job rarely fits the routes near it) it saved no time and ended 0.4 % dearer.
 */
export const NEAR_ROUTES_FROM_JOBS = 500;
/**
 * A job tries the routes of its nearest jobs, as many as two routes' worth (at least MIN_NEAR_JOBS,
 * at most MAX_NEAR_JOBS). On r1_10_2 and rc1_10_2 (~10 jobs a route), 20,000 iterations, seeds 1–3,
 * against every route: 20 nearest jobs −1.59 %, 40 −1.25 %, 80 −0.77 %. On the long routes of
 * r2_2_1 and rc2_2_1 (17–22 jobs a route, narrowed for the trial): 40 ended 0.3 % dearer with 13 %
 * less CPU, 20 0.6 % dearer with 18 % less.
 */
const ROUTES_OF_NEAR_JOBS = 2;
const MIN_NEAR_JOBS = 20;
const MAX_NEAR_JOBS = 128;

/**
 * The routes worth trying first for a job in a recreate on a big plan: the used routes that hold
 * one of its nearest jobs. A caller that finds no feasible position among them falls back to the
 * other routes, so no job stays out that fitted somewhere.
 */
export class NearRoutes {
  private readonly ranking: JobRanking | null;
  private markedAt = new Int32Array(0);
  private marked = new Int32Array(0);
  private markedCount = 0;
  private stamp = 0;
  private nearJobs = MIN_NEAR_JOBS;

  constructor(instance: CompiledInstance) {
    this.ranking = instance.jobs.length >= NEAR_ROUTES_FROM_JOBS ? new JobRanking(instance, MAX_NEAR_JOBS + 1) : null;
  }

  /** Sizes the neighbourhood to `solution`'s routes; call before marking for a recreate. */
  prepare(solution: Solution): void {
    if (this.ranking === null) return;
    const routed = solution.model.instance.jobs.length - solution.unassignedCount;
    const perRoute = routed / Math.max(1, solution.usedRoutes());
    this.nearJobs = Math.min(MAX_NEAR_JOBS, Math.max(MIN_NEAR_JOBS, Math.round(ROUTES_OF_NEAR_JOBS * perRoute)));
  }

  /** Marks the routes near `job` in `solution`; false on small plans, where every route is worth trying. */
  mark(solution: Solution, job: number): boolean {
    if (this.ranking === null) return false;
    if (this.markedAt.length < solution.routes.length) {
      this.markedAt = new Int32Array(solution.routes.length);
      this.marked = new Int32Array(solution.routes.length);
    }
    this.stamp++;
    this.markedCount = 0;
    const row = this.ranking.row(job);
    const count = Math.min(row.length, this.nearJobs + 1);
    for (let i = 0; i < count; i++) {
      const slot = solution.routeOf[row[i]!]!;
      if (slot < 0 || this.markedAt[slot] === this.stamp) continue;
      this.markedAt[slot] = this.stamp;
      // Insertion into the sorted list: a handful of routes, where a typed-array sort's call cost more.
      let at = this.markedCount++;
      while (at > 0 && this.marked[at - 1]! > slot) {
        this.marked[at] = this.marked[at - 1]!;
        at--;
      }
      this.marked[at] = slot;
    }
    return true;
  }

  /** How many routes the last `mark` marked. */
  get count(): number {
    return this.markedCount;
  }

  /** The route slots the last `mark` marked, in increasing slot order: the first `count` entries. */
  get slots(): Int32Array {
    return this.marked;
  }

  /** Whether route `slot` was marked by the last `mark`. */
  has(slot: number): boolean {
    return this.markedAt[slot] === this.stamp;
  }
}
