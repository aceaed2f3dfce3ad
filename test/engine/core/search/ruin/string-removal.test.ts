import { longRoutes } from '../../../../../engine/core/search/long-routes.js';
import { JobRanking } from '../../../../../engine/core/search/neighbourhood.js';
import {
  DEFAULT_STRING_REMOVAL,
  LARGE_PLAN_STRING_REMOVAL,
  StringRemoval,
  type StringRemovalParameters,
} from '../../../../../engine/core/search/ruin/string-removal.js';
import { Random } from '../../../../../engine/core/structures/prng.js';
import { Solution } from '../../../../../engine/core/structures/solution.js';
import type { CompiledInstance } from '../../../../../engine/core/compiled/compiled-instance.js';
import { randomSolution, tinyInstance } from '../../tiny-instances.js';

const RUINS = 200;

/** The jobs each of RUINS ruins removes from the same start, with the removal's generator seeded `seed`. */
function removedPerRuin(instance: CompiledInstance, parameters: StringRemovalParameters, seed: number, leaveOut = false): number[][] {
  const { model, solution } = randomSolution(instance, seed);
  if (leaveOut) {
    const job = instance.jobs[0]!;
    const slot = solution.routeOf[job]!;
    solution.remove(job);
    solution.refreshRoute(slot);
  }
  const before = new Solution(model);
  before.copyFrom(solution);
  const removal = new StringRemoval(new JobRanking(instance), instance.jobs.length, model.slotType.length, new Random(seed), parameters);
  const removed: number[][] = [];
  for (let ruin = 0; ruin < RUINS; ruin++) {
    solution.copyFrom(before);
    removal.ruin(solution);
    removed.push(Array.from(instance.jobs).filter((job) => before.routeOf[job]! >= 0 && solution.routeOf[job]! < 0));
  }
  return removed;
}

const mean = (removed: number[][]): number => removed.reduce((sum, jobs) => sum + jobs.length, 0) / removed.length;

describe('StringRemoval', () => {
  // Long routes: no windows and ample capacity (the start uses 4 routes of about 37 jobs).
  const long = tinyInstance(5, { jobs: 150, vehicles: 6, windows: 'none' });
  // About 5 jobs per route.
  const short = tinyInstance(6, { jobs: 60, vehicles: 14, windows: 'tight', capacity: 60 });

  it('removes more jobs with the large-plan setting on long routes when every job is placed (one string per route at most)', () => {
    const { solution } = randomSolution(long, 1);
    expect(solution.unassignedCount).toBe(0);
    expect(longRoutes(solution)).toBe(true);
    const plain = mean(removedPerRuin(long, DEFAULT_STRING_REMOVAL, 1));
    const large = mean(removedPerRuin(long, LARGE_PLAN_STRING_REMOVAL, 1));
    expect(plain).toBeGreaterThan(5);
    expect(plain).toBeLessThan(15);
    // 17.1 against 10.2: the 4 routes cap the strings of a larger ruin.
    expect(large).toBeGreaterThan(1.5 * plain);
  });

  it('keeps SISR’s average on long routes while a job is left out', () => {
    expect(removedPerRuin(long, LARGE_PLAN_STRING_REMOVAL, 2, true)).toEqual(removedPerRuin(long, DEFAULT_STRING_REMOVAL, 2, true));
  });

  it('keeps SISR’s average on short routes', () => {
    const { solution } = randomSolution(short, 3);
    expect(solution.unassignedCount).toBe(0);
    expect(longRoutes(solution)).toBe(false);
    expect(removedPerRuin(short, LARGE_PLAN_STRING_REMOVAL, 3)).toEqual(removedPerRuin(short, DEFAULT_STRING_REMOVAL, 3));
  });
});
