import { InsertionSearch } from '../../../../engine/core/search/insertion-search.js';
import { MoveEvaluator } from '../../../../engine/core/search/move-evaluator.js';
import { JobRanking } from '../../../../engine/core/search/neighbourhood.js';
import { BlinkInsertion } from '../../../../engine/core/search/recreate/blink-insertion.js';
import { StringRemoval } from '../../../../engine/core/search/ruin/string-removal.js';
import { RouteModel } from '../../../../engine/core/route-model.js';
import { SEGMENT_STRIDE } from '../../../../engine/core/structures/segment.js';
import { Random } from '../../../../engine/core/structures/prng.js';
import { Solution } from '../../../../engine/core/structures/solution.js';
import { tinyInstance } from '../tiny-instances.js';

/** What the used-route bookkeeping must agree with: the routes' sizes. */
function expectUsedRoutesTracked(solution: Solution): void {
  const used = solution.routes.map((route) => (route.size > 0 ? 1 : 0));
  expect(Array.from(solution.routeUsed)).toEqual(used);
  expect(solution.usedRoutes()).toBe(used.reduce((sum: number, flag) => sum + flag, 0));
  expect(used.slice(solution.usedSlotBound).every((flag) => flag === 0)).toBe(true);
}

/** What the per-slot loads must agree with: the load check on each route's own tables, for every job and route. */
function expectLoadsTracked(solution: Solution): void {
  const model = solution.model;
  for (const route of solution.routes) {
    for (const job of model.instance.jobs) {
      const fits = model.fitsLoad(route.type, route.prefix, (route.size + 1) * SEGMENT_STRIDE, model.visits, job * SEGMENT_STRIDE);
      expect(solution.canCarry(route.slot, job)).toBe(fits);
    }
  }
}

describe('Solution used routes', () => {
  it.each([1, 2, 3])('follow ruins, recreates, syncs and copies, and so do their loads (seed %i)', (seed) => {
    const instance = tinyInstance(seed, { jobs: 60, vehicles: 12, windows: 'tight', capacity: 300 });
    const model = new RouteModel(instance);
    const random = new Random(seed);
    const recreate = new BlinkInsertion(instance, new InsertionSearch(new MoveEvaluator(model)), random);
    const ruin = new StringRemoval(new JobRanking(instance), instance.jobs.length, model.slotType.length, random);
    const current = new Solution(model);
    expectUsedRoutesTracked(current);
    recreate.recreate(current);
    const candidate = new Solution(model);
    candidate.copyFrom(current);
    expectUsedRoutesTracked(candidate);
    for (let step = 0; step < 200; step++) {
      ruin.ruin(candidate);
      expectUsedRoutesTracked(candidate);
      recreate.recreate(candidate);
      expectUsedRoutesTracked(candidate);
      if (random.nextFloat() < 0.3) current.syncFrom(candidate);
      else candidate.syncFrom(current);
      expectUsedRoutesTracked(current);
      expectUsedRoutesTracked(candidate);
      if (step % 20 === 0) {
        expectLoadsTracked(current);
        expectLoadsTracked(candidate);
      }
    }
  });
});
