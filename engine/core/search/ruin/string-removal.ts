import type { Random } from '../../structures/prng.js';
import type { Solution } from '../../structures/solution.js';
import { longRoutes } from '../long-routes.js';
import type { JobRanking } from '../neighbourhood.js';

export interface StringRemovalParameters {
  /** c̄: average number of removed jobs. */
  averageRemoved: number;
  /** c̄ on a plan that places every job on long routes (see `longRoutes`). */
  longRouteAverageRemoved: number;
  /** L^max: longest string. */
  maxStringLength: number;
  /** Probability of the split-string variant, which keeps a substring of the removed window. */
  splitRate: number;
  /** Probability of stopping to grow the kept substring at each step. */
  splitStop: number;
}

export const DEFAULT_STRING_REMOVAL: StringRemovalParameters = {
  averageRemoved: 10,
  longRouteAverageRemoved: 10,
  maxStringLength: 10,
  splitRate: 0.5,
  splitStop: 0.5,
};

/**
 * On plans whose candidates are educated (see `educatesCandidates`), twice SISR's c̄ on long routes:
 * the local search repairs the larger recreate, and with strings of at most 10 jobs SISR's c̄ of 10
 * cuts only one to three of those routes. Tuning split, process CPU, 1 thread, against 10:
 * - G&H 1000 r2/rc2 `*_10_1` at 60 s, seeds 1-6: -0.28 % (12 pairs, 10 cheaper; r2 -0.41, rc2
 *   -0.16 %); c̄ of 20 on the short routes of r1/rc1 gave +0.11 % (8 pairs), hence long routes only;
 * - G&H 400 r2/rc2 `*_4_1` at 30 s, seeds 1-7: -0.10 % (14 pairs, 10 cheaper; c2 even);
 * - X-n513/561/895 at 60 s: -0.18 % (4 pairs; X-n895 -0.47/-0.23 %).
 * Plans that leave jobs out keep c̄ of 10, as their candidates stay plain.
 */
export const LARGE_PLAN_STRING_REMOVAL: StringRemovalParameters = { ...DEFAULT_STRING_REMOVAL, longRouteAverageRemoved: 20 };

/**
 * SISR ruin (Christiaens & Vanden Berghe 2020): removes strings of consecutive jobs from several
 * routes that pass near a random seed job. Removing strings (not scattered jobs) frees contiguous
 * slack in time and capacity, which the greedy recreate can then fill better.
 */
export class StringRemoval {
  private readonly routeRuinedAt: Int32Array;
  private stamp = 0;
  private readonly doomed: Int32Array;

  constructor(
    private readonly ranking: JobRanking,
    jobCount: number,
    slotCount: number,
    private readonly random: Random,
    private readonly parameters: StringRemovalParameters = DEFAULT_STRING_REMOVAL,
  ) {
    this.routeRuinedAt = new Int32Array(slotCount);
    this.doomed = new Int32Array(jobCount);
  }

  ruin(solution: Solution): void {
    const jobs = solution.model.instance.jobs;
    const assigned = jobs.length - solution.unassignedCount;
    const used = solution.usedRoutes();
    if (used === 0) return;
    const random = this.random;
    const { maxStringLength } = this.parameters;
    const averageRemoved =
      solution.unassignedCount === 0 && longRoutes(solution) ? this.parameters.longRouteAverageRemoved : this.parameters.averageRemoved;
    const maxLength = Math.min(maxStringLength, assigned / used);
    const maxStrings = (4 * averageRemoved) / (1 + maxLength) - 1;
    const strings = Math.floor(random.nextFloat() * maxStrings) + 1;
    const seed = jobs[random.nextInt(jobs.length)]!;
    this.stamp++;
    let ruined = 0;
    const ranked = this.ranking.row(seed);
    for (let r = 0; r < ranked.length && ruined < strings; r++) {
      const job = ranked[r]!;
      const slot = solution.routeOf[job]!;
      if (slot < 0 || this.routeRuinedAt[slot] === this.stamp) continue;
      this.routeRuinedAt[slot] = this.stamp;
      ruined++;
      const size = solution.routes[slot]!.size;
      const length = Math.floor(random.nextFloat() * Math.min(size, maxLength)) + 1;
      this.removeString(solution, slot, solution.positionOf[job]!, length);
      solution.refreshRoute(slot);
    }
  }

  private removeString(solution: Solution, slot: number, position: number, length: number): void {
    const route = solution.routes[slot]!;
    const random = this.random;
    let kept = 0;
    if (length < route.size && random.nextFloat() < this.parameters.splitRate) {
      kept = 1;
      while (length + kept < route.size && random.nextFloat() >= this.parameters.splitStop) kept++;
    }
    const window = length + kept;
    // The window covers `position` and stays inside the route's jobs (indices 1..size).
    const lowest = Math.max(1, position - window + 1);
    const highest = Math.min(position, route.size - window + 1);
    const start = lowest + random.nextInt(highest - lowest + 1);
    const keepFrom = kept === 0 ? start + window : start + random.nextInt(length + 1);
    let count = 0;
    for (let i = start; i < start + window; i++) {
      if (i < keepFrom || i >= keepFrom + kept) this.doomed[count++] = route.nodes[i]!;
    }
    for (let i = 0; i < count; i++) solution.remove(this.doomed[i]!);
  }
}
