import { buildInstance } from '../../../../engine/core/compiled/build-instance.js';
import { RouteModel } from '../../../../engine/core/route-model.js';
import { tryBlockMove } from '../../../../engine/core/search/block-move.js';
import type { LocalSearchOperator } from '../../../../engine/core/search/local-search-operator.js';
import { MoveEvaluator } from '../../../../engine/core/search/move-evaluator.js';
import { OrOpt } from '../../../../engine/core/search/operators/or-opt.js';
import { Relocate } from '../../../../engine/core/search/operators/relocate.js';
import { Swap } from '../../../../engine/core/search/operators/swap.js';
import { SwapStar } from '../../../../engine/core/search/operators/swap-star.js';
import { TwoOpt } from '../../../../engine/core/search/operators/two-opt.js';
import { TwoOptStar } from '../../../../engine/core/search/operators/two-opt-star.js';
import { Solution } from '../../../../engine/core/structures/solution.js';
import { costOfRoutes, randomSolution, routesOf, tinyInstance, type Harness, type TinyOptions } from '../tiny-instances.js';

type Routes = number[][];

/**
 * Each operator is applied over all job pairs until it finds nothing more; then a brute-force
 * enumeration of the same neighbourhood must find no improving move either, and the solution's
 * incremental cost must equal a full recomputation.
 */
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const SHAPE: TinyOptions = { jobs: 9, vehicles: 3, windows: 'loose', capacity: 25 };
const EPS = 1e-7;

function exhaust(solution: Solution, operator: LocalSearchOperator): void {
  const jobs = Array.from(solution.model.instance.jobs);
  for (let improved = true; improved;) {
    improved = false;
    for (const u of jobs) for (const v of jobs) if (u !== v && operator.tryMove(solution, u, v)) improved = true;
  }
}

/** The row-major matrix of straight-line distances between `points`. */
function euclidean(points: number[][]): number[] {
  return points.flatMap((a) => points.map((b) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!)));
}

const copy = (routes: Routes): Routes => routes.map((route) => route.slice());
const nonEmpty = (routes: Routes): number[] => routes.flatMap((route, r) => (route.length > 0 ? [r] : []));

function relocations(routes: Routes): Routes[] {
  const out: Routes[] = [];
  routes.forEach((from, r) =>
    from.forEach((job, i) => {
      for (const t of nonEmpty(routes)) {
        const base = copy(routes);
        base[r]!.splice(i, 1);
        for (let p = 0; p <= base[t]!.length; p++) {
          const next = copy(base);
          next[t]!.splice(p, 0, job);
          out.push(next);
        }
      }
    }),
  );
  return out;
}

function swaps(routes: Routes): Routes[] {
  const out: Routes[] = [];
  const places = routes.flatMap((route, r) => route.map((_, i) => [r, i] as const));
  for (const [ra, ia] of places) {
    for (const [rb, ib] of places) {
      if (ra === rb && ia === ib) continue;
      const next = copy(routes);
      next[ra]![ia] = routes[rb]![ib]!;
      next[rb]![ib] = routes[ra]![ia]!;
      out.push(next);
    }
  }
  return out;
}

/** Strings of 2–3 jobs, as is or reversed, placed right after any other job (reversal in place is 2-opt's job). */
function orOpts(routes: Routes): Routes[] {
  const out: Routes[] = [];
  routes.forEach((from, r) => {
    for (let length = 2; length <= 3; length++) {
      for (let i = 0; i + length <= from.length; i++) {
        for (const reversed of [false, true]) {
          const block = from.slice(i, i + length);
          if (reversed) block.reverse();
          const base = copy(routes);
          base[r]!.splice(i, length);
          base.forEach((target, t) =>
            target.forEach((_, p) => {
              if (t === r && p + 1 === i) return;
              const next = copy(base);
              next[t]!.splice(p + 1, 0, ...block);
              out.push(next);
            }),
          );
        }
      }
    }
  });
  return out;
}

/** Reversal of any sub-sequence of at least two jobs, except a whole route. */
function reversals(routes: Routes): Routes[] {
  const out: Routes[] = [];
  routes.forEach((route, r) => {
    for (let a = 0; a < route.length; a++) {
      for (let b = a + 1; b < route.length; b++) {
        if (a === 0 && b === route.length - 1) continue;
        const next = copy(routes);
        next[r] = [...route.slice(0, a), ...route.slice(a, b + 1).reverse(), ...route.slice(b + 1)];
        out.push(next);
      }
    }
  });
  return out;
}

/** Tail exchanges between two used routes, cutting after i jobs of one and j of the other. */
function tailExchanges(routes: Routes): Routes[] {
  const out: Routes[] = [];
  const used = nonEmpty(routes);
  for (const a of used) {
    for (const b of used) {
      if (a >= b) continue;
      for (let i = 0; i <= routes[a]!.length; i++) {
        for (let j = 0; j <= routes[b]!.length; j++) {
          const next = copy(routes);
          next[a] = [...routes[a]!.slice(0, i), ...routes[b]!.slice(j)];
          next[b] = [...routes[b]!.slice(0, j), ...routes[a]!.slice(i)];
          out.push(next);
        }
      }
    }
  }
  return out;
}

/** u and v change routes, each to any position of the other route. */
function swapStars(routes: Routes): Routes[] {
  const out: Routes[] = [];
  const used = nonEmpty(routes);
  for (const a of used) {
    for (const b of used) {
      if (a >= b) continue;
      routes[a]!.forEach((u, i) =>
        routes[b]!.forEach((v, j) => {
          const restA = routes[a]!.filter((_, k) => k !== i);
          const restB = routes[b]!.filter((_, k) => k !== j);
          for (let p = 0; p <= restA.length; p++) {
            for (let q = 0; q <= restB.length; q++) {
              const next = copy(routes);
              next[a] = [...restA.slice(0, p), v, ...restA.slice(p)];
              next[b] = [...restB.slice(0, q), u, ...restB.slice(q)];
              out.push(next);
            }
          }
        }),
      );
    }
  }
  return out;
}

function expectLocalOptimum(harness: Harness, neighbours: (routes: Routes) => Routes[]): void {
  const routes = routesOf(harness.solution);
  const cost = costOfRoutes(harness, routes);
  expect(harness.solution.cost).toBeCloseTo(cost, 9);
  const served = routes.flat().sort((a, b) => a - b);
  expect(served).toEqual(Array.from(harness.model.instance.jobs));
  for (const neighbour of neighbours(routes)) expect(costOfRoutes(harness, neighbour)).toBeGreaterThan(cost - EPS);
}

/** Time costs and a fixed cost: the bounds price busy time (2-opt*: the pieces' durations) and keep the fixed cost of routes a move leaves with jobs. */
const PRICED_TIME: TinyOptions = { ...SHAPE, costPerTime: 2, fixedCost: 30 };

const cases: [string, (evaluator: MoveEvaluator) => LocalSearchOperator, (routes: Routes) => Routes[], TinyOptions][] = [
  ['relocate', (e) => new Relocate(e), relocations, SHAPE],
  ['swap', (e) => new Swap(e), swaps, SHAPE],
  ['or-opt', (e) => new OrOpt(e), orOpts, SHAPE],
  ['or-opt on an asymmetric matrix', (e) => new OrOpt(e), orOpts, { ...SHAPE, asymmetric: true }],
  ['relocate on an asymmetric matrix', (e) => new Relocate(e), relocations, { ...SHAPE, asymmetric: true }],
  ['2-opt', (e) => new TwoOpt(e), reversals, { ...SHAPE, windows: 'none', vehicles: 2, capacity: 1000 }],
  ['2-opt*', (e) => new TwoOptStar(e), tailExchanges, SHAPE],
  ['2-opt* with a price on time', (e) => new TwoOptStar(e), tailExchanges, { ...SHAPE, windows: 'tight', costPerTime: 2 }],
  ['relocate with a price on time', (e) => new Relocate(e), relocations, PRICED_TIME],
  ['relocate with a price on time and dear routes', (e) => new Relocate(e), relocations, { ...PRICED_TIME, vehicles: 9, fixedCost: 300 }],
  ['swap with a price on time', (e) => new Swap(e), swaps, PRICED_TIME],
  ['or-opt with a price on time', (e) => new OrOpt(e), orOpts, PRICED_TIME],
  ['or-opt with a price on time on an asymmetric matrix', (e) => new OrOpt(e), orOpts, { ...PRICED_TIME, asymmetric: true }],
  ['2-opt* with a price on time and a fixed cost', (e) => new TwoOptStar(e), tailExchanges, PRICED_TIME],
  ['2-opt* with a price on time and dear routes', (e) => new TwoOptStar(e), tailExchanges, { ...PRICED_TIME, vehicles: 9, fixedCost: 300 }],
  [
    'relocate with a price on time on 25 jobs',
    (e) => new Relocate(e),
    relocations,
    { ...PRICED_TIME, jobs: 25, vehicles: 6, capacity: 45 },
  ],
  ['swap with a price on time on 25 jobs', (e) => new Swap(e), swaps, { ...PRICED_TIME, jobs: 25, vehicles: 6, capacity: 45 }],
  ['or-opt with a price on time on 25 jobs', (e) => new OrOpt(e), orOpts, { ...PRICED_TIME, jobs: 25, vehicles: 6, capacity: 45 }],
  ['2-opt with a price on time', (e) => new TwoOpt(e), reversals, { ...PRICED_TIME, windows: 'none', vehicles: 2, capacity: 1000 }],
];

describe.each(cases)('%s', (_name, create, neighbours, shape) => {
  it.each(SEEDS)('reaches a local optimum of its neighbourhood (seed %i)', (seed) => {
    const harness = randomSolution(tinyInstance(seed, shape), seed);
    const before = harness.solution.cost;
    exhaust(harness.solution, create(harness.evaluator));
    expect(harness.solution.cost).toBeLessThanOrEqual(before + EPS);
    expectLocalOptimum(harness, neighbours);
  });
});

describe('relocate with separate start and end depots', () => {
  /**
   * Depots 100 apart on a line, jobs 3 and 4 on it and job 2 at `offset` from its middle, served
   * alone: moving 2 between 3 and 4 empties its route. Near the line that saves almost the whole
   * route; far from it, with a price on time and a fixed cost, it gains less than the fixed cost and
   * the price of the time between the depots. A bound that keeps either of those in the emptied
   * route's cost drops the move.
   */
  function plan(offset: number, costs: { costPerTime?: number; fixedCost?: number }): Solution {
    const points = [
      [0, 0],
      [100, 0],
      [50, offset],
      [30, 0],
      [70, 0],
    ];
    const n = points.length;
    const distance = euclidean(points);
    const vehicles = { count: 2, start: 0, end: 1, ...costs };
    const solution = new Solution(new RouteModel(buildInstance({ nodeCount: n, jobs: [2, 3, 4], distance, vehicleTypes: [vehicles] })));
    solution.load([
      { slot: 0, jobs: [2] },
      { slot: 1, jobs: [3, 4] },
    ]);
    return solution;
  }

  it.each([
    ['by distance, the job near the line', 1, { costPerTime: 0, fixedCost: 0 }, 1],
    ['with a price on time and a fixed cost, the job far from it', 200, { costPerTime: 2, fixedCost: 10 }, 3],
  ])('empties the route when that is cheaper (%s)', (_name, offset, costs, perDistance) => {
    const solution = plan(offset, costs);
    expect(new Relocate(new MoveEvaluator(solution.model)).tryMove(solution, 2, 3)).toBe(true);
    expect(routesOf(solution)).toEqual([[], [3, 2, 4]]);
    const distance = 100 + 2 * Math.hypot(20, offset) - 40;
    expect(solution.cost).toBeCloseTo(costs.fixedCost + perDistance * distance, 9);
  });
});

describe('a block move that empties a route', () => {
  /**
   * Job 1 beside the depot, served alone; jobs 2 and 3 far off, 2 apart. Moving 1 between them adds
   * far more distance and time than its own route costs, but the fixed cost of the emptied route pays
   * for it. A bound that charges the emptied route anything drops the move.
   */
  function loneNearJob(): Solution {
    const points = [
      [0, 0],
      [0, 1],
      [100, 0],
      [100, 2],
    ];
    const n = points.length;
    const distance = euclidean(points);
    const vehicles = { count: 2, start: 0, end: 0, costPerTime: 1, fixedCost: 500 };
    const solution = new Solution(new RouteModel(buildInstance({ nodeCount: n, jobs: [1, 2, 3], distance, vehicleTypes: [vehicles] })));
    solution.load([
      { slot: 0, jobs: [1] },
      { slot: 1, jobs: [2, 3] },
    ]);
    return solution;
  }

  it('moves the job when the fixed cost pays for a dearer place (with a price on time)', () => {
    const solution = loneNearJob();
    const before = solution.cost;
    expect(tryBlockMove(new MoveEvaluator(solution.model), solution, 1, 1, false, 2, false)).toBe(true);
    expect(routesOf(solution)).toEqual([[], [2, 1, 3]]);
    const length = 100 + Math.hypot(100, 1) + Math.hypot(100, 1) + Math.hypot(100, 2);
    expect(solution.cost).toBeCloseTo(500 + 2 * length, 9);
    expect(solution.cost).toBeGreaterThan(before - 500);
  });

  it('leaves the job where it is while routes are kept', () => {
    const solution = loneNearJob();
    const evaluator = new MoveEvaluator(solution.model);
    evaluator.keepsRoutes = true;
    expect(tryBlockMove(evaluator, solution, 1, 1, false, 2, false)).toBe(false);
    expect(routesOf(solution)).toEqual([[1], [2, 3]]);
  });
});

describe('2-opt* that empties a route', () => {
  /**
   * Jobs 1 and 2 on either side of the depot, 50 from it, served alone: 2-opt* joins them into one
   * route of the same length and duration and saves a fixed cost. A bound that charges the emptied
   * route anything drops the move.
   */
  function twoLoneJobs(): Solution {
    const points = [0, -50, 50];
    const distance = points.flatMap((a) => points.map((b) => Math.abs(a - b)));
    const vehicles = { count: 2, start: 0, end: 0, costPerTime: 1, fixedCost: 100 };
    const solution = new Solution(new RouteModel(buildInstance({ nodeCount: 3, jobs: [1, 2], distance, vehicleTypes: [vehicles] })));
    solution.load([
      { slot: 0, jobs: [1] },
      { slot: 1, jobs: [2] },
    ]);
    return solution;
  }

  it('joins the routes when that saves the fixed cost (with a price on time)', () => {
    const solution = twoLoneJobs();
    expect(solution.cost).toBeCloseTo(2 * (100 + 100 + 100), 9);
    expect(new TwoOptStar(new MoveEvaluator(solution.model)).tryMove(solution, 2, 1)).toBe(true);
    expect(routesOf(solution)).toEqual([[], [2, 1]]);
    expect(solution.cost).toBeCloseTo(100 + 200 + 200, 9);
  });

  it('leaves both routes while routes are kept', () => {
    const solution = twoLoneJobs();
    const evaluator = new MoveEvaluator(solution.model);
    evaluator.keepsRoutes = true;
    expect(new TwoOptStar(evaluator).tryMove(solution, 2, 1)).toBe(false);
    expect(routesOf(solution)).toEqual([[1], [2]]);
  });
});

describe('SWAP*', () => {
  // Without windows or binding capacities its distance-based preselection is exact, so it must
  // leave no improving exchange at all.
  it.each(SEEDS)('reaches a local optimum of its neighbourhood (seed %i)', (seed) => {
    const harness = randomSolution(tinyInstance(seed, { jobs: 9, vehicles: 3, windows: 'none', capacity: 1000 }), seed);
    const routes = harness.solution.routes;
    // Spread the jobs over all vehicles so that there are route pairs to exchange between.
    const spread = routesOf(harness.solution).flat();
    harness.solution.load(routes.map((route, r) => ({ slot: route.slot, jobs: spread.filter((_, k) => k % routes.length === r) })));
    const swapStar = new SwapStar(harness.evaluator);
    for (let improved = true; improved;) {
      improved = false;
      for (const a of routes) for (const b of routes) if (a !== b && swapStar.tryRoutes(harness.solution, a, b)) improved = true;
    }
    expectLocalOptimum(harness, swapStars);
  });
});
