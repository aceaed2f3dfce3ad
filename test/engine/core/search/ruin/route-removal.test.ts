import { JobRanking } from '../../../../../engine/core/search/neighbourhood.js';
import { RouteRemoval } from '../../../../../engine/core/search/ruin/route-removal.js';
import { Random } from '../../../../../engine/core/structures/prng.js';
import { Solution } from '../../../../../engine/core/structures/solution.js';
import { randomSolution, tinyInstance } from '../../tiny-instances.js';

describe('RouteRemoval', () => {
  it.each([1, 2, 3])('empties 2 or 3 whole routes and leaves the others as they were (seed %i)', (seed) => {
    const instance = tinyInstance(seed, { jobs: 60, vehicles: 14, windows: 'tight', capacity: 60 });
    const { model, solution } = randomSolution(instance, seed);
    const before = new Solution(model);
    before.copyFrom(solution);
    const removal = new RouteRemoval(new JobRanking(instance), model.slotType.length, new Random(seed));
    for (let step = 0; step < 20; step++) {
      solution.copyFrom(before);
      removal.ruin(solution);
      const emptied = before.routes.filter((route) => route.size > 0 && solution.routes[route.slot]!.size === 0);
      expect(emptied.length).toBeGreaterThanOrEqual(2);
      expect(emptied.length).toBeLessThanOrEqual(3);
      for (const route of before.routes) {
        if (emptied.includes(route)) continue;
        expect(Array.from(solution.routes[route.slot]!.nodes.subarray(1, route.size + 1))).toEqual(
          Array.from(route.nodes.subarray(1, route.size + 1)),
        );
      }
      const removed = emptied.reduce((sum, route) => sum + route.size, 0);
      expect(solution.unassignedCount).toBe(before.unassignedCount + removed);
      expect(solution.usedRoutes()).toBe(before.usedRoutes() - emptied.length);
    }
  });

  it('empties the routes that pass nearest its seed job', () => {
    const instance = tinyInstance(4, { jobs: 60, vehicles: 14, windows: 'tight', capacity: 60 });
    const { model, solution } = randomSolution(instance, 4);
    const ranking = new JobRanking(instance);
    const before = new Solution(model);
    before.copyFrom(solution);
    // The removal draws the route count, then the seed job, from its generator: replay both.
    const replay = new Random(9);
    const count = 2 + replay.nextInt(2);
    const seed = instance.jobs[replay.nextInt(instance.jobs.length)]!;
    const nearest: number[] = [];
    for (const job of ranking.row(seed)) {
      const slot = before.routeOf[job]!;
      if (slot >= 0 && !nearest.includes(slot) && nearest.length < count) nearest.push(slot);
    }
    new RouteRemoval(ranking, model.slotType.length, new Random(9)).ruin(solution);
    const emptied = before.routes.filter((route) => route.size > 0 && solution.routes[route.slot]!.size === 0).map((route) => route.slot);
    expect(emptied.sort((a, b) => a - b)).toEqual(nearest.sort((a, b) => a - b));
  });
});
