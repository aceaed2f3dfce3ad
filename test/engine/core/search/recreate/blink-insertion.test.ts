import { InsertionSearch } from '../../../../../engine/core/search/insertion-search.js';
import { BlinkInsertion, Opening } from '../../../../../engine/core/search/recreate/blink-insertion.js';
import { Random } from '../../../../../engine/core/structures/prng.js';
import type { Solution } from '../../../../../engine/core/structures/solution.js';
import { randomSolution, tinyInstance } from '../../tiny-instances.js';

const SEEDS = [1, 2, 3, 4, 5, 6];

/** Removes the last job of every route with at least two, so no route empties. */
function removeTails(solution: Solution): number {
  let removed = 0;
  for (const route of solution.routes) {
    if (route.size < 2) continue;
    solution.remove(route.nodes[route.size]!);
    solution.refreshRoute(route.slot);
    removed++;
  }
  return removed;
}

describe('blink insertion and unused vehicles', () => {
  it.each(SEEDS)('opens one more route when asked to, and places every job feasibly (seed %i)', (seed) => {
    const instance = tinyInstance(seed, { jobs: 40, vehicles: 14, windows: 'loose', capacity: 60 });
    const { solution, evaluator } = randomSolution(instance, seed);
    const routes = solution.usedRoutes();
    expect(removeTails(solution)).toBeGreaterThan(0);
    new BlinkInsertion(instance, new InsertionSearch(evaluator), new Random(seed)).recreate(solution, Opening.First);
    expect(solution.unassignedCount).toBe(0);
    expect(solution.feasible).toBe(true);
    expect(solution.usedRoutes()).toBeGreaterThanOrEqual(routes + 1);
  });

  it.each(SEEDS)('never opens a route when told not to: the jobs of an emptied route go to the others or wait (seed %i)', (seed) => {
    const instance = tinyInstance(seed, { jobs: 40, vehicles: 14, windows: 'tight', capacity: 60 });
    const { solution, evaluator } = randomSolution(instance, seed);
    const routes = solution.usedRoutes();
    const emptied = solution.routes.find((route) => route.size > 0)!;
    const jobs = Array.from(emptied.nodes.subarray(1, emptied.size + 1));
    for (const job of jobs) solution.remove(job);
    solution.refreshRoute(emptied.slot);
    new BlinkInsertion(instance, new InsertionSearch(evaluator), new Random(seed)).recreate(solution, Opening.Never);
    expect(solution.usedRoutes()).toBe(routes - 1);
    expect(solution.feasible).toBe(true);
    const placed = solution.toRoutes().flatMap((route) => route.jobs);
    expect(placed.length + solution.unassignedCount).toBe(instance.jobs.length);
  });
});
