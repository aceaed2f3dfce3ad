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

describe('blink insertion and jobs that fit nowhere', () => {
  /** InsertionSearch counting the routes it prices a job in. */
  class CountingInsertion extends InsertionSearch {
    priced = 0;

    override cheapest(...args: Parameters<InsertionSearch['cheapest']>): number {
      this.priced++;
      return super.cheapest(...args);
    }
  }

  // Seven jobs of 40 minutes at the depot and two vehicles with 100-minute shifts: each route holds
  // two jobs, so three stay out, and only by time (no capacity).
  const instance = buildInstance({
    nodeCount: 8,
    jobs: [1, 2, 3, 4, 5, 6, 7],
    distance: new Array<number>(64).fill(0),
    serviceTime: [0, 40, 40, 40, 40, 40, 40, 40],
    vehicleTypes: [{ count: 2, start: 0, end: 0, shiftStart: 0, shiftEnd: 100 }],
  });

  function fullPlan(): { solution: Solution; insertion: CountingInsertion; recreate: BlinkInsertion } {
    const model = new RouteModel(instance);
    const solution = new Solution(model);
    solution.load([
      { slot: 0, jobs: [1, 2] },
      { slot: 1, jobs: [3, 4] },
    ]);
    const insertion = new CountingInsertion(new MoveEvaluator(model));
    return { solution, insertion, recreate: new BlinkInsertion(instance, insertion, new Random(5)) };
  }

  it('prices a job that fitted nowhere only in the routes that changed since', () => {
    const { solution, insertion, recreate } = fullPlan();
    recreate.recreate(solution);
    expect(insertion.priced).toBe(3 * 2);
    expect(solution.unassignedCount).toBe(3);

    insertion.priced = 0;
    recreate.recreate(solution);
    expect(insertion.priced).toBe(0);
    expect(solution.unassignedCount).toBe(3);

    // Job 1 leaves route 0: it is priced in both routes, each job left out in route 0 alone (which
    // changes again when one of them takes the place).
    solution.remove(1);
    solution.refreshRoute(0);
    insertion.priced = 0;
    recreate.recreate(solution);
    expect(insertion.priced).toBe(2 + 3);
    expect(solution.unassignedCount).toBe(3);
    expect(solution.routes[0]!.size).toBe(2);
    expect(solution.feasible).toBe(true);
  });

  it('keeps the misses of a plan copied from another with the same routes', () => {
    const { solution, insertion, recreate } = fullPlan();
    recreate.recreate(solution);
    const copy = new Solution(solution.model);
    copy.copyFrom(solution);
    insertion.priced = 0;
    recreate.recreate(copy);
    expect(insertion.priced).toBe(0);
  });

  it('prices a route again in a plan synced to one where that route changed', () => {
    const { solution, insertion, recreate } = fullPlan();
    recreate.recreate(solution);
    const other = new Solution(solution.model);
    other.copyFrom(solution);
    other.remove(1);
    other.refreshRoute(0);
    solution.syncFrom(other);
    insertion.priced = 0;
    recreate.recreate(solution);
    expect(insertion.priced).toBe(2 + 3);
    expect(solution.routes[0]!.size).toBe(2);
  });

  it('prices every route again while violations are priced', () => {
    const { solution, insertion, recreate } = fullPlan();
    recreate.recreate(solution);
    solution.model.setPenalties(1, Infinity);
    solution.reprice();
    insertion.priced = 0;
    recreate.recreate(solution);
    // Each job left out is priced in both routes, and time warp now lets them in.
    expect(insertion.priced).toBe(3 * 2);
    expect(solution.unassignedCount).toBe(0);
  });

  it.each(SEEDS)('leaves out only jobs that fit no route, over ruins and recreates (seed %i)', (seed) => {
    const tight = tinyInstance(seed, { jobs: 60, vehicles: 5, windows: 'tight', capacity: 40 });
    const { solution, evaluator } = randomSolution(tight, seed);
    const random = new Random(seed);
    const insertion = new InsertionSearch(evaluator);
    const recreate = new BlinkInsertion(tight, insertion, random);
    let leftOut = 0;
    for (let round = 0; round < 30; round++) {
      for (const route of solution.routes) {
        if (route.size > 0 && random.nextFloat() < 0.5) {
          solution.remove(route.nodes[1 + random.nextInt(route.size)]!);
          solution.refreshRoute(route.slot);
        }
      }
      recreate.recreate(solution);
      expect(solution.feasible).toBe(true);
      for (let i = 0; i < solution.unassignedCount; i++) {
        const job = solution.unassigned[i]!;
        for (const route of solution.routes) {
          if (solution.canCarry(route.slot, job)) expect(insertion.cheapest(route, job, null, 0)).toBe(Infinity);
        }
      }
      leftOut += solution.unassignedCount;
    }
    expect(leftOut).toBeGreaterThan(30);
  });
});
