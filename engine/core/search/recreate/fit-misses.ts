import type { Solution } from '../../structures/solution.js';

/**
 * Most route stamps a FitMisses keeps (8 bytes each, 32 MB): where thousands of jobs fit nowhere
 * among thousands of routes, the jobs recorded first keep their rows and the others are priced in
 * full.
 */
const MAX_ENTRIES = 1 << 22;

/**
 * Per job that fitted no used route in a recreate: each route's stamp (`Solution.routeStamp`) then.
 * A route whose stamp is the one recorded serves the same jobs as then, so the job still does not
 * fit it, and a recreate prices such a job in the routes that changed since. A fleet that cannot
 * take every job (full capacities, windows no route reaches in time) leaves the same jobs out of
 * every recreate, and each of them was priced in every route each time: on 10,000 jobs over 5
 * days of 50 routes (about 250 left out), marking near routes, the recreate and its pricing took
 * 48 % of the CPU. Recording the misses gave the five day searches 40 % more iterations in 300 s
 * (959,000 against 684,000).
 *
 * Misses are recorded and used only while the model forbids violations: a penalised search prices
 * the positions a hard one rules out. A position the recreate blinked past counts as a miss until
 * its route changes, which in a search is soon.
 */
export class FitMisses {
  private readonly rows: (Float64Array | undefined)[];
  private entries = 0;

  constructor(nodeCount: number) {
    this.rows = new Array<Float64Array | undefined>(nodeCount);
  }

  /** Per route slot, the stamp of the route as `job` last fitted nowhere in it (-1: none), or undefined when it never did. */
  row(job: number): Float64Array | undefined {
    return this.rows[job];
  }

  /** Records that `job` fitted none of `solution`'s used routes, listed in `used[0..usedCount)`. */
  record(job: number, solution: Solution, used: Int32Array, usedCount: number): void {
    let row = this.rows[job];
    if (row === undefined) {
      const slots = solution.routes.length;
      if (this.entries + slots > MAX_ENTRIES) return;
      row = new Float64Array(slots).fill(-1);
      this.rows[job] = row;
      this.entries += slots;
    }
    const stamps = solution.routeStamp;
    for (let i = 0; i < usedCount; i++) {
      const slot = used[i]!;
      row[slot] = stamps[slot]!;
    }
  }
}
