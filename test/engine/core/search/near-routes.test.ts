import { InsertionSearch } from '../../../../engine/core/search/insertion-search.js';
import { JobRanking } from '../../../../engine/core/search/neighbourhood.js';
import { NEAR_ROUTES_FROM_JOBS, NearRoutes } from '../../../../engine/core/search/near-routes.js';
import { BlinkInsertion } from '../../../../engine/core/search/recreate/blink-insertion.js';
import { Random } from '../../../../engine/core/structures/prng.js';
import type { Solution } from '../../../../engine/core/structures/solution.js';
import { randomSolution, routesOf, tinyInstance } from '../tiny-instances.js';

/** Two routes' worth of nearest jobs, within 20 and 128. */
function nearJobs(solution: Solution): number {
  const perRoute = (solution.model.instance.jobs.length - solution.unassignedCount) / solution.usedRoutes();
  return Math.min(128, Math.max(20, Math.round(2 * perRoute)));
}

describe('routes near a job', () => {
  const big = tinyInstance(4, { jobs: NEAR_ROUTES_FROM_JOBS + 100, vehicles: 150, windows: 'loose', capacity: 50 });

  it('are not narrowed on small plans', () => {
    const small = tinyInstance(4, { jobs: NEAR_ROUTES_FROM_JOBS - 1, vehicles: 150, windows: 'loose', capacity: 50 });
    const { solution } = randomSolution(small, 4);
    expect(new NearRoutes(small).mark(solution, small.jobs[0]!)).toBe(false);
  });

  it('are the routes of the job and its nearest jobs on big plans', () => {
    const { solution } = randomSolution(big, 4);
    const near = new NearRoutes(big);
    for (const job of [1, 77, 300, 555]) {
      near.prepare(solution);
      expect(near.mark(solution, job)).toBe(true);
      const nearest = Array.from(new JobRanking(big).row(job).subarray(0, nearJobs(solution) + 1));
      expect(nearest[0]).toBe(job);
      const expected = new Set(nearest.map((other) => solution.routeOf[other]!));
      const marked = solution.routes.filter((route) => near.has(route.slot)).map((route) => route.slot);
      expect(new Set(marked)).toEqual(expected);
      // The same routes listed once each, in slot order (the recreate tries them so).
      expect(Array.from(near.slots.subarray(0, near.count))).toEqual(marked);
      expect(marked.length).toBeLessThan(solution.usedRoutes() / 2);
    }
  });

  it('leave a big plan recreated in full, feasible and reproducibly', () => {
    const recreated = (seed: number): number[][] => {
      const { solution, evaluator } = randomSolution(big, 4);
      const random = new Random(seed);
      for (const route of solution.routes) if (route.size > 2) solution.remove(route.nodes[1 + random.nextInt(route.size)]!);
      for (const route of solution.routes) solution.refreshRoute(route.slot);
      expect(solution.unassignedCount).toBeGreaterThan(50);
      new BlinkInsertion(big, new InsertionSearch(evaluator), random).recreate(solution);
      expect(solution.unassignedCount).toBe(0);
      expect(solution.feasible).toBe(true);
      return routesOf(solution);
    };
    expect(recreated(9)).toEqual(recreated(9));
  });
});
