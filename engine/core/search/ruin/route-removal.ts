import type { Random } from '../../structures/prng.js';
import type { Solution } from '../../structures/solution.js';
import type { JobRanking } from '../neighbourhood.js';

/** Fewest and most routes one removal empties. */
const MIN_ROUTES = 2;
const MAX_ROUTES = 3;

/**
 * Empties the few routes that pass nearest a random seed job. A string removal keeps every route's
 * other jobs in place, so the recreate rebuilds the strings into the same route skeletons; a basin
 * where a handful of neighbouring routes split their jobs the wrong way is left only when those
 * routes are rebuilt from nothing.
 */
export class RouteRemoval {
  private readonly routeRuinedAt: Int32Array;
  private stamp = 0;

  constructor(
    private readonly ranking: JobRanking,
    slotCount: number,
    private readonly random: Random,
  ) {
    this.routeRuinedAt = new Int32Array(slotCount);
  }

  ruin(solution: Solution): void {
    const jobs = solution.model.instance.jobs;
    const count = MIN_ROUTES + this.random.nextInt(MAX_ROUTES - MIN_ROUTES + 1);
    const ranked = this.ranking.row(jobs[this.random.nextInt(jobs.length)]!);
    this.stamp++;
    let emptied = 0;
    for (let r = 0; r < ranked.length && emptied < count; r++) {
      const slot = solution.routeOf[ranked[r]!]!;
      if (slot < 0 || this.routeRuinedAt[slot] === this.stamp) continue;
      this.routeRuinedAt[slot] = this.stamp;
      emptied++;
      const route = solution.routes[slot]!;
      while (route.size > 0) solution.remove(route.nodes[1]!);
      solution.refreshRoute(slot);
    }
  }
}
