import { buildInstance } from '../../../../../engine/core/compiled/build-instance.js';
import { RouteModel } from '../../../../../engine/core/route-model.js';
import { InsertionSearch } from '../../../../../engine/core/search/insertion-search.js';
import { MoveEvaluator } from '../../../../../engine/core/search/move-evaluator.js';
import { BlinkInsertion, Opening } from '../../../../../engine/core/search/recreate/blink-insertion.js';
import { Random } from '../../../../../engine/core/structures/prng.js';
import { Solution } from '../../../../../engine/core/structures/solution.js';
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

describe('blink insertion on a large plan with differing windows', () => {
  const JOBS = 400;
  const TRIALS = 400;
  // Windows that differ but never bind, and no capacity, so a route of any length is feasible.
  const instance = buildInstance({
    nodeCount: JOBS + 1,
    jobs: Array.from({ length: JOBS }, (_, i) => i + 1),
    distance: tinyInstance(7, { jobs: JOBS, vehicles: 1, windows: 'none' }).distance,
    timeWindows: Array.from({ length: JOBS + 1 }, (_, i): [number, number] => [0, i % 2 === 0 ? 1e6 : 1e6 - 1]),
    vehicleTypes: [{ count: 60, start: 0, end: 0, shiftStart: 0, shiftEnd: 1e6 }],
  });

  /** Recreates of one removed job, each from the same plan of `routes` routes, that opened a route. */
  function openings(routes: number): number {
    const model = new RouteModel(instance);
    const plan = new Solution(model);
    const perRoute = JOBS / routes;
    plan.load(
      Array.from({ length: routes }, (_, slot) => ({
        slot,
        jobs: Array.from(instance.jobs.subarray(slot * perRoute, (slot + 1) * perRoute)),
      })),
    );
    expect(plan.feasible).toBe(true);
    const solution = new Solution(model);
    const random = new Random(3);
    const recreate = new BlinkInsertion(instance, new InsertionSearch(new MoveEvaluator(model)), random);
    let opened = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      solution.copyFrom(plan);
      solution.remove(instance.jobs[random.nextInt(JOBS)]!);
      recreate.recreate(solution);
      if (solution.usedRoutes() > routes) opened++;
    }
    return opened;
  }

  it('starts a route now and then, four times as often on long routes as on short ones', () => {
    const long = openings(10);
    const short = openings(50);
    // Expected 80 (a fifth of the trials) and 20 (a twentieth).
    expect(long).toBeGreaterThan(55);
    expect(long).toBeLessThan(105);
    expect(short).toBeGreaterThan(5);
    expect(short).toBeLessThan(35);
  });
});
