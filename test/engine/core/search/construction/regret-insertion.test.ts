import { buildInstance } from '../../../../../engine/core/compiled/build-instance.js';
import type { CompiledInstance } from '../../../../../engine/core/compiled/compiled-instance.js';
import { RouteModel } from '../../../../../engine/core/route-model.js';
import { regretInsertion } from '../../../../../engine/core/search/construction/regret-insertion.js';
import { Deadline } from '../../../../../engine/core/search/deadline.js';
import { InsertionSearch } from '../../../../../engine/core/search/insertion-search.js';
import { MoveEvaluator } from '../../../../../engine/core/search/move-evaluator.js';
import { JobRanking, granularNeighbourhood } from '../../../../../engine/core/search/neighbourhood.js';
import { Random } from '../../../../../engine/core/structures/prng.js';
import { Solution } from '../../../../../engine/core/structures/solution.js';
import { costOfRoutes, routesOf, type Harness } from '../../tiny-instances.js';

/**
 * 300 jobs in a 100 × 100 square, 3 vehicles with a shift long enough for about 100 jobs each: routes
 * grow past the full-scan size, so granular pricing and the cached re-checks are in play; windows
 * (a third of the shift wide) leave some jobs out.
 */
function longRoutes(seed: number, windows: boolean, fleet: readonly number[] = [3]): CompiledInstance {
  const random = new Random(seed);
  const n = 301;
  const x = Array.from({ length: n }, () => random.nextFloat() * 100);
  const y = Array.from({ length: n }, () => random.nextFloat() * 100);
  const distance = new Float64Array(n * n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) distance[a * n + b] = Math.hypot(x[a]! - x[b]!, y[a]! - y[b]!);
  const horizon = 2000;
  return buildInstance({
    nodeCount: n,
    jobs: Array.from({ length: n - 1 }, (_, i) => i + 1),
    distance,
    serviceTime: Array.from({ length: n }, (_, i) => (i === 0 ? 0 : 3)),
    timeWindows: Array.from({ length: n }, (_, i): [number, number] => {
      if (i === 0 || !windows) return [0, horizon];
      const start = random.nextFloat() * (horizon * (2 / 3) - 100);
      return [start, start + horizon / 3];
    }),
    vehicleTypes: fleet.map((count) => ({ count, start: 0, end: 0, shiftStart: 0, shiftEnd: horizon })),
  });
}

function construct(instance: CompiledInstance, milliseconds: number, ranking = new JobRanking(instance)): Harness {
  const model = new RouteModel(instance);
  const evaluator = new MoveEvaluator(model);
  const solution = new Solution(model);
  regretInsertion(solution, new InsertionSearch(evaluator), granularNeighbourhood(instance, 20), ranking, new Deadline(milliseconds));
  return { model, evaluator, solution };
}

/** A ranking by distance counting the jobs it ranks; `whole` ranks every row whole, however little of it is asked. */
class CountingRanking extends JobRanking {
  ranked = 0;

  constructor(
    instance: CompiledInstance,
    private readonly whole: boolean,
  ) {
    super(instance);
  }

  override first(u: number, count: number): Int32Array {
    const row = super.first(u, this.whole ? Infinity : count);
    this.ranked += row.length;
    return row;
  }
}

describe('regret insertion', () => {
  it.each([
    ['no windows, with time to finish', false, Infinity],
    ['windows, with time to finish', true, Infinity],
    ['no windows, past its deadline', false, 0],
    ['windows, past its deadline', true, 0],
  ] as const)('builds feasible routes whose kept cost matches a recomputation (%s)', (_, windows, milliseconds) => {
    const instance = longRoutes(11, windows);
    const harness = construct(instance, milliseconds);
    const routes = routesOf(harness.solution);
    const placed = routes.flat();
    expect(new Set(placed).size).toBe(placed.length);
    expect(placed.length + harness.solution.unassignedCount).toBe(300);
    expect(Math.max(...routes.map((route) => route.length))).toBeGreaterThan(40);
    const recomputed = costOfRoutes(harness, routes);
    expect(recomputed).toBeLessThan(Infinity);
    expect(harness.solution.cost - harness.solution.unassignedCount * instance.unassignedCost).toBeCloseTo(recomputed, 6);
  });

  it('builds the same routes for a fleet of equal vehicles that must carry long routes whether it is one vehicle type or one type per vehicle', () => {
    const one = construct(longRoutes(13, true, [3]), Infinity).solution;
    const each = construct(longRoutes(13, true, [1, 1, 1]), Infinity).solution;
    expect(routesOf(one)).toEqual(routesOf(each));
    expect(one.unassignedCount).toBe(each.unassignedCount);
  });

  it('past its deadline, places as it does ranking whole rows, ranking less than half as many jobs', () => {
    const instance = longRoutes(14, true);
    const starts = new CountingRanking(instance, false);
    const whole = new CountingRanking(instance, true);
    expect(routesOf(construct(instance, 0, starts).solution)).toEqual(routesOf(construct(instance, 0, whole).solution));
    expect(starts.ranked).toBeGreaterThan(0);
    expect(starts.ranked).toBeLessThan(whole.ranked / 2);
  });

  it('places at least as many jobs with time to finish as its cheap fallback does', () => {
    const instance = longRoutes(12, true);
    expect(construct(instance, Infinity).solution.unassignedCount).toBeLessThanOrEqual(construct(instance, 0).solution.unassignedCount);
  });
});
