import { InsertionSearch } from '../../../../engine/core/search/insertion-search.js';
import { MoveEvaluator } from '../../../../engine/core/search/move-evaluator.js';
import type { RouteModel } from '../../../../engine/core/route-model.js';
import type { Route } from '../../../../engine/core/structures/route.js';
import { Random } from '../../../../engine/core/structures/prng.js';
import { randomSolution, tinyInstance } from '../tiny-instances.js';

describe('cheapest insertion of a job into a route', () => {
  /** Each job, taken out, priced back into every route: against every position evaluated in full. */
  function compareWithEveryPosition(windows: 'tight' | 'loose', penalised: boolean): { routesTried: number; feasible: number } {
    const instance = tinyInstance(11, { jobs: 120, vehicles: 30, windows, capacity: 60 });
    const { solution, evaluator, model } = randomSolution(instance, 3);
    const insertion = new InsertionSearch(evaluator);
    const random = new Random(5);
    const jobs = [...new Set(Array.from({ length: 25 }, () => instance.jobs[random.nextInt(instance.jobs.length)]!))];
    for (const job of jobs) solution.remove(job);
    for (const route of solution.routes) solution.refreshRoute(route.slot);
    if (penalised) model.setPenalties(5, Infinity);
    let routesTried = 0;
    let feasible = 0;
    for (const job of jobs) {
      for (const route of solution.routes) {
        if (route.size === 0) continue;
        routesTried++;
        let expected = Infinity;
        for (let p = 1; p <= route.size + 1; p++) {
          const sequence = Int32Array.from([...route.nodes.subarray(1, p), job, ...route.nodes.subarray(p, route.size + 1)]);
          expected = Math.min(expected, evaluator.sequenceCost(route.type, sequence, sequence.length) - route.cost);
        }
        const cost = insertion.cheapest(route, job, null, 0);
        // Where the plan's load table says the job fits, skipping the route's own load check changes nothing.
        if (solution.canCarry(route.slot, job)) {
          const position = insertion.position;
          expect(insertion.cheapest(route, job, null, 0, Infinity, true)).toBe(cost);
          expect(insertion.position).toBe(position);
        }
        if (expected === Infinity) {
          expect(cost).toBe(Infinity);
          continue;
        }
        feasible++;
        expect(cost).toBeCloseTo(expected, 6);
        const p = insertion.position;
        const sequence = Int32Array.from([...route.nodes.subarray(1, p), job, ...route.nodes.subarray(p, route.size + 1)]);
        expect(evaluator.sequenceCost(route.type, sequence, sequence.length) - route.cost).toBeCloseTo(expected, 6);
      }
    }
    return { routesTried, feasible };
  }

  it('skips only positions that the job window rules out (hard tight windows)', () => {
    const { routesTried, feasible } = compareWithEveryPosition('tight', false);
    // Most routes cannot take a job with a tight window, some can: both kinds are checked.
    expect(feasible).toBeGreaterThan(10);
    expect(routesTried - feasible).toBeGreaterThan(10);
  });

  it('finds the cheapest position with loose windows', () => {
    expect(compareWithEveryPosition('loose', false).feasible).toBeGreaterThan(10);
  });

  it('tries every position when time warp is priced', () => {
    // Priced time warp opens positions that hard windows rule out; all of them are priced like every position.
    expect(compareWithEveryPosition('tight', true).feasible).toBeGreaterThan(compareWithEveryPosition('tight', false).feasible);
  });

  /** A move evaluator that counts the three-segment joins it prices and those that come out infeasible. */
  class CountingEvaluator extends MoveEvaluator {
    joins = 0;
    infeasible = 0;

    override join3(type: number, a: Float64Array, ao: number, b: Float64Array, bo: number, c: Float64Array, co: number): number {
      const cost = super.join3(type, a, ao, b, bo, c, co);
      this.joins++;
      if (cost === Infinity) this.infeasible++;
      return cost;
    }
  }

  it('prices in full only positions where every window holds (hard tight windows)', () => {
    const instance = tinyInstance(11, { jobs: 120, vehicles: 30, windows: 'tight', capacity: 60 });
    const { solution, model } = randomSolution(instance, 3);
    const counting = new CountingEvaluator(model);
    const insertion = new InsertionSearch(counting);
    const random = new Random(5);
    const jobs = [...new Set(Array.from({ length: 25 }, () => instance.jobs[random.nextInt(instance.jobs.length)]!))];
    for (const job of jobs) solution.remove(job);
    for (const route of solution.routes) solution.refreshRoute(route.slot);
    for (const job of jobs) for (const route of solution.routes) if (route.size > 0) insertion.cheapest(route, job, null, 0);
    // Priced at every position the job's window leaves open, 220 of the 376 joins were infeasible.
    expect(counting.joins).toBeGreaterThan(50);
    expect(counting.infeasible).toBe(0);
  });

  describe('blinks', () => {
    /** A job taken out of a route of the loose-window instance, and the route. */
    function jobAndRoute(windows: 'tight' | 'loose'): { insertion: InsertionSearch; route: Route; job: number; model: RouteModel } {
      const instance = tinyInstance(11, { jobs: 120, vehicles: 12, windows, capacity: 200 });
      const { solution, evaluator, model } = randomSolution(instance, 3);
      const route = solution.routes.reduce((longest, candidate) => (candidate.size > longest.size ? candidate : longest));
      const job = route.nodes[1 + (route.size >> 1)]!;
      solution.remove(job);
      solution.refreshRoute(route.slot);
      return { insertion: new InsertionSearch(evaluator), route, job, model };
    }

    it('skip the cheapest position with probability blinkRate', () => {
      const { insertion, route, job } = jobAndRoute('loose');
      insertion.cheapest(route, job, null, 0);
      const cheapest = insertion.position;
      const random = new Random(9);
      const calls = 4000;
      let elsewhere = 0;
      for (let i = 0; i < calls; i++) {
        insertion.cheapest(route, job, random, 0.2);
        if (insertion.position !== cheapest) elsewhere++;
      }
      // Standard error sqrt(0.2 * 0.8 / 4000) = 0.0063.
      expect(Math.abs(elsewhere / calls - 0.2)).toBeLessThan(0.025);
    });

    it("are drawn for every position whatever the job's window leaves open", () => {
      const { insertion, route, job, model } = jobAndRoute('tight');
      const strict = new Random(4);
      const priced = new Random(4);
      let differ = 0;
      for (let i = 0; i < 200; i++) {
        insertion.cheapest(route, job, strict, 0.3);
        model.setPenalties(5, Infinity);
        insertion.cheapest(route, job, priced, 0.3);
        model.setPenalties(Infinity, Infinity);
        if (strict.nextUint32() !== priced.nextUint32()) differ++;
      }
      expect(differ).toBe(0);
    });
  });
});
