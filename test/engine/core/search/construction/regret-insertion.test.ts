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
import { SmallestThree } from '../../../../../engine/core/structures/smallest-three.js';
import { costOfRoutes, routesOf, tinyInstance, type Harness } from '../../tiny-instances.js';

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

/** Plain regret-3 with nothing cached: every pooled job priced in full in every route at every step. */
function referenceRegret(instance: CompiledInstance): number[][] {
  const model = new RouteModel(instance);
  const insertion = new InsertionSearch(new MoveEvaluator(model));
  const solution = new Solution(model);
  const pool = Array.from(solution.unassigned.subarray(0, solution.unassignedCount));
  // The first empty vehicle of each type takes part beside the used ones.
  const nextEmpty = (type: number): number =>
    solution.routes.findIndex((route, slot) => route.size === 0 && route.type === type && !active.includes(slot));
  const active: number[] = [];
  for (let type = 0; type < instance.vehicleTypeCount; type++) active.push(nextEmpty(type));
  for (;;) {
    let chosen = -1;
    let chosenRegret = -Infinity;
    let chosenCost = Infinity;
    let chosenSlot = -1;
    let chosenPosition = -1;
    for (const job of pool) {
      const smallest = new SmallestThree();
      const positionIn = new Map<number, number>();
      for (const slot of active) {
        smallest.offer(model.canServe(job, slot) ? insertion.cheapest(solution.routes[slot]!, job, null, 0) : Infinity, slot);
        positionIn.set(slot, insertion.position);
      }
      const { first: best, second, third, firstId } = smallest;
      if (best === Infinity) continue;
      const regret = second === Infinity ? Infinity : second - best + (third === Infinity ? second - best : third - best);
      if (regret > chosenRegret || (regret === chosenRegret && best < chosenCost)) {
        chosen = job;
        chosenRegret = regret;
        chosenCost = best;
        chosenSlot = firstId;
        chosenPosition = positionIn.get(firstId)!;
      }
    }
    if (chosen === -1) return routesOf(solution);
    const opens = solution.routes[chosenSlot]!.size === 0;
    solution.insert(chosen, chosenSlot, chosenPosition);
    solution.refreshRoute(chosenSlot);
    pool.splice(pool.indexOf(chosen), 1);
    if (opens) {
      const next = nextEmpty(solution.routes[chosenSlot]!.type);
      if (next >= 0) active.push(next);
    }
  }
}

describe('regret insertion on short routes', () => {
  it.each([
    ['loose windows', 21, { jobs: 70, vehicles: 9, windows: 'loose' }],
    ['tight windows, capacities', 22, { jobs: 70, vehicles: 12, windows: 'tight', capacity: 60 }],
    ['loose windows, priced time', 23, { jobs: 70, vehicles: 9, windows: 'loose', costPerTime: 1 }],
    ['no windows, asymmetric, fixed cost', 24, { jobs: 60, vehicles: 8, windows: 'none', asymmetric: true, fixedCost: 50 }],
  ] as const)('builds the routes plain regret-3 builds, pricing every job in every route at every step (%s)', (_, seed, options) => {
    const instance = tinyInstance(seed, options);
    const built = routesOf(construct(instance, Infinity).solution);
    expect(Math.max(...built.map((route) => route.length))).toBeLessThanOrEqual(40);
    expect(built).toEqual(referenceRegret(instance));
  });

  it('builds the routes plain regret-3 builds on two depots whose vehicles cost differently', () => {
    const random = new Random(26);
    const n = 72;
    // Nodes 0 and 1 are the depots, at opposite corners.
    const x = Array.from({ length: n }, (_, i) => (i === 0 ? 20 : i === 1 ? 80 : random.nextFloat() * 100));
    const y = Array.from({ length: n }, (_, i) => (i === 0 ? 20 : i === 1 ? 80 : random.nextFloat() * 100));
    const distance = new Float64Array(n * n);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) distance[a * n + b] = Math.hypot(x[a]! - x[b]!, y[a]! - y[b]!);
    const instance = buildInstance({
      nodeCount: n,
      jobs: Array.from({ length: n - 2 }, (_, i) => i + 2),
      distance,
      serviceTime: Array.from({ length: n }, (_, i) => (i < 2 ? 0 : 10)),
      timeWindows: Array.from({ length: n }, (_, i): [number, number] => {
        if (i < 2) return [0, 1000];
        const start = random.nextFloat() * 600;
        return [start, start + 300];
      }),
      vehicleTypes: [
        { count: 6, start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 },
        { count: 6, start: 1, end: 1, shiftStart: 0, shiftEnd: 1000, fixedCost: 40, costPerTime: 0.5 },
      ],
    });
    const built = routesOf(construct(instance, Infinity).solution);
    expect(built.filter((route) => route.length > 0).length).toBeGreaterThanOrEqual(4);
    expect(built).toEqual(referenceRegret(instance));
  });
});
