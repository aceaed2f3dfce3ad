import fc from 'fast-check';
import { LOAD_VIOLATION, RouteModel, TIME_WARP_VIOLATION } from '../../../engine/core/route-model.js';
import { Deadline } from '../../../engine/core/search/deadline.js';
import { LocalSearch } from '../../../engine/core/search/local-search.js';
import { granularNeighbourhood } from '../../../engine/core/search/neighbourhood.js';
import { Penalties } from '../../../engine/core/search/penalties.js';
import { solve } from '../../../engine/core/solve.js';
import { SEG_DISTANCE, SEG_LOAD, SEG_TIME_WARP, SEGMENT_STRIDE } from '../../../engine/core/structures/segment.js';
import { Random } from '../../../engine/core/structures/prng.js';
import { Solution } from '../../../engine/core/structures/solution.js';
import { costOfRoutes, randomSolution, tinyInstance } from './tiny-instances.js';

const JOBS = 12;
const CAPACITY = 25;

describe('time-warp and excess-load penalties', () => {
  it('price a route at its distance plus penalty × time warp plus penalty × excess load', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.shuffledSubarray(
          Array.from({ length: JOBS }, (_, i) => i + 1),
          { minLength: 1 },
        ),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (seed, jobs, warpPenalty, loadPenalty) => {
          const instance = tinyInstance(seed, { jobs: JOBS, vehicles: 1, windows: 'tight', capacity: CAPACITY });
          const model = new RouteModel(instance);
          const route = new Solution(model).routes[0]!;
          route.setJobs(Int32Array.from(jobs), 0, jobs.length);
          route.refresh();
          const end = (jobs.length + 1) * SEGMENT_STRIDE;
          const warp = route.prefix[end + SEG_TIME_WARP]!;
          const excess = Math.max(0, route.prefix[end + SEG_LOAD]! - CAPACITY);
          const violated = (warp > 1e-7 ? TIME_WARP_VIOLATION : 0) | (excess > 0 ? LOAD_VIOLATION : 0);
          expect(route.violations).toBe(violated);
          // Hard constraints by default: a violation makes the route infeasible.
          if (violated !== 0) expect(route.cost).toBe(Infinity);
          model.setPenalties(warpPenalty, loadPenalty);
          route.reprice();
          const penalty = (violated & TIME_WARP_VIOLATION ? warpPenalty * warp : 0) + loadPenalty * excess;
          expect(route.cost).toBeCloseTo(route.prefix[end + SEG_DISTANCE]! + penalty, 6);
          expect(route.violations).toBe(violated);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keep the solution-level feasibility in step with its routes', () => {
    const instance = tinyInstance(4, { jobs: JOBS, vehicles: 2, windows: 'none', capacity: CAPACITY });
    const { model, solution } = randomSolution(instance, 4);
    expect(solution.feasible).toBe(true);
    model.setPenalties(1, 1);
    // Every job on the first vehicle overloads it (the jobs' demands sum well above the capacity).
    for (const job of instance.jobs) if (solution.routeOf[job] === 1) solution.remove(job);
    solution.refreshRoute(1);
    while (solution.unassignedCount > 0) solution.insert(solution.unassigned[0]!, 0, 1);
    solution.refreshRoute(0);
    expect(solution.hasExcessLoad).toBe(true);
    expect(solution.feasible).toBe(false);
    const copy = new Solution(model);
    copy.copyFrom(solution);
    expect(copy.feasible).toBe(false);
    const costBefore = copy.cost;
    model.setPenalties(1, 10);
    copy.reprice();
    expect(copy.cost).toBeGreaterThan(costBefore);
  });

  it('grow while candidates are infeasible and shrink while they are feasible', () => {
    const instance = tinyInstance(5, { jobs: JOBS, vehicles: 1, windows: 'none', capacity: CAPACITY });
    const { solution } = randomSolution(instance, 5);
    const route = solution.routes[0]!;
    const penalties = Penalties.forSolution(solution);
    penalties.apply();
    const all = Int32Array.from(instance.jobs);
    route.setJobs(all, 0, all.length);
    route.refresh();
    const start = route.cost;
    let updates = 0;
    for (let i = 0; i < 1000; i++) if (penalties.register(false, true)) updates++;
    expect(updates).toBeGreaterThan(0);
    route.reprice();
    const raised = route.cost;
    expect(raised).toBeGreaterThan(start);
    for (let i = 0; i < 1000; i++) penalties.register(false, false);
    route.reprice();
    expect(route.cost).toBeLessThan(raised);
    penalties.withdraw();
    route.reprice();
    expect(route.cost).toBe(Infinity);
  });

  it.each([
    [JOBS, 10],
    [400, 1],
  ])('on a plan of %i jobs adapt after every %i outcome(s)', (jobs, every) => {
    const instance = tinyInstance(7, { jobs, vehicles: 1, windows: 'none', capacity: CAPACITY });
    const penalties = Penalties.forSolution(randomSolution(instance, 7).solution);
    let registered = 0;
    while (!penalties.register(false, true)) registered++;
    expect(registered + 1).toBe(every);
  });

  it.each([1, 2, 3])('leave the returned plan feasible on tight windows and capacities (seed %i)', (seed) => {
    const instance = tinyInstance(seed, { jobs: 40, vehicles: 6, windows: 'tight', capacity: 45 });
    const result = solve(instance, { seed, maxIterations: 1000 });
    const strict = randomSolution(instance, seed);
    const routes = Array.from(strict.model.slotType, () => [] as number[]);
    for (const route of result.routes) routes[route.slot] = route.jobs;
    const recomputed = costOfRoutes(strict, routes) + result.unassigned.length * instance.unassignedCost;
    expect(recomputed).toBeCloseTo(result.cost, 6);
  });

  // The strict local search stops at its local optimum: without priced violations only more
  // ruin-and-recreate iterations could leave it. With them, one penalised pass crosses
  // infeasible plans and a repair pass at 10× the penalties lands on a cheaper feasible plan.
  it.each([2, 5, 10])(
    'take a tight-window plan from a strict local optimum through infeasible plans to a cheaper feasible one (seed %i)',
    (seed) => {
      const instance = tinyInstance(seed, { jobs: 40, vehicles: 8, windows: 'tight', capacity: 40 });
      const { evaluator, solution } = randomSolution(instance, seed);
      const localSearch = new LocalSearch(evaluator, granularNeighbourhood(instance, 20), new Random(seed));
      const forever = new Deadline(Infinity);
      localSearch.run(solution, forever);
      const strictOptimum = solution.cost;

      const penalties = Penalties.forSolution(solution);
      penalties.apply();
      solution.reprice();
      localSearch.run(solution, forever);
      expect(solution.feasible).toBe(false);
      penalties.boost(10);
      solution.reprice();
      localSearch.run(solution, forever);
      penalties.withdraw();
      solution.reprice();
      expect(solution.feasible).toBe(true);
      expect(solution.cost).toBeLessThan(strictOptimum - 1);
    },
  );
});
