import type { CompiledInstance } from '../../../../../engine/core/compiled/compiled-instance.js';
import { JobRanking } from '../../../../../engine/core/search/neighbourhood.js';
import { Elite } from '../../../../../engine/core/search/population/elite.js';
import { RouteExchange } from '../../../../../engine/core/search/population/route-exchange.js';
import { Random } from '../../../../../engine/core/structures/prng.js';
import { Solution } from '../../../../../engine/core/structures/solution.js';
import { randomSolution, restrictedInstance, tinyInstance } from '../../tiny-instances.js';

function cross(instance: CompiledInstance, seed: number): { child: Solution; first: Elite; second: Elite } {
  const first = new Elite(randomSolution(instance, seed).solution);
  const second = new Elite(randomSolution(instance, seed + 1000).solution);
  const { model } = randomSolution(instance, seed);
  const exchange = new RouteExchange(new JobRanking(instance), instance.nodeCount, model.slotType.length, new Random(seed));
  const child = new Solution(model);
  exchange.cross(child, first, second);
  return { child, first, second };
}

/** Whether `part` appears in `whole` in the same order (not necessarily adjacent). */
function inOrder(part: readonly number[], whole: readonly number[]): boolean {
  let at = 0;
  for (const job of whole) if (job === part[at]) at++;
  return at === part.length;
}

describe('route exchange crossover', () => {
  it.each([1, 2, 3, 4, 5, 6])(
    'builds a feasible child of whole routes of the second parent and trimmed routes of the first (seed %i)',
    (seed) => {
      const instance = tinyInstance(seed, { jobs: 40, vehicles: 12, windows: 'tight', capacity: 40 });
      const { child, first, second } = cross(instance, seed);
      expect(child.feasible).toBe(true);
      let fromSecond = 0;
      for (const { jobs } of child.toRoutes()) {
        if (
          second.routes.some((route) => route.jobs.join() === jobs.join()) &&
          !first.routes.some((route) => route.jobs.join() === jobs.join())
        ) {
          fromSecond++;
          continue;
        }
        expect(first.routes.some((route) => inOrder(jobs, route.jobs))).toBe(true);
      }
      expect(fromSecond).toBeGreaterThan(0);
      // Each job at most once; the rest wait unassigned.
      const placed = child.toRoutes().flatMap((route) => route.jobs);
      expect(new Set(placed).size).toBe(placed.length);
      expect(placed.length + child.unassignedCount).toBe(instance.jobs.length);
    },
  );

  it('puts routes only in slots that may serve their jobs', () => {
    const instance = restrictedInstance(3, 20);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { child } = cross(instance, seed);
      for (const route of child.toRoutes()) for (const job of route.jobs) expect(child.model.canServe(job, route.slot)).toBe(true);
    }
  });
});
