import { solve } from '../../../engine/core/solve.js';
import { costOfRoutes, randomSolution, restrictedInstance, tinyInstance } from './tiny-instances.js';

/** Optimum by enumerating every job order and every split of it into at most `vehicles` routes. */
function bruteForceOptimum(seed: number, jobs: number, vehicles: number): number {
  const instance = tinyInstance(seed, { jobs, vehicles, windows: 'tight', capacity: 20 });
  const harness = randomSolution(instance, seed);
  const ids = Array.from(instance.jobs);
  let best = Infinity;
  const permute = (order: number[], rest: number[]): void => {
    if (rest.length === 0) {
      // Bit b of `cuts` ends a route after position b.
      for (let cuts = 0; cuts < 1 << (order.length - 1); cuts++) {
        const routes: number[][] = [[]];
        order.forEach((job, k) => {
          routes[routes.length - 1]!.push(job);
          if (cuts & (1 << k)) routes.push([]);
        });
        if (routes.length <= vehicles) best = Math.min(best, costOfRoutes(harness, routes));
      }
      return;
    }
    rest.forEach((job, k) => permute([...order, job], [...rest.slice(0, k), ...rest.slice(k + 1)]));
  };
  permute([], ids);
  return best;
}

describe('solve', () => {
  it.each([1, 2, 3, 4])('finds the brute-force optimum of a 6-job VRPTW (seed %i)', (seed) => {
    const optimum = bruteForceOptimum(seed, 6, 3);
    const instance = tinyInstance(seed, { jobs: 6, vehicles: 3, windows: 'tight', capacity: 20 });
    const result = solve(instance, { seed, maxIterations: 3000 });
    if (optimum === Infinity) expect(result.unassigned.length).toBeGreaterThan(0);
    else expect(result.cost).toBeCloseTo(optimum, 6);
  });

  it('is reproducible for a seed and an iteration budget', () => {
    const instance = tinyInstance(42, { jobs: 40, vehicles: 10, windows: 'loose', capacity: 50 });
    const first = solve(instance, { seed: 7, maxIterations: 1500 });
    const second = solve(instance, { seed: 7, maxIterations: 1500 });
    expect(second.routes).toEqual(first.routes);
    expect(second.cost).toBe(first.cost);
    expect(second.history.map((event) => event.cost)).toEqual(first.history.map((event) => event.cost));
  });

  it('respects vehicle-type masks, route-slot restrictions and a heterogeneous fleet', () => {
    const instance = restrictedInstance(3, 12);
    const result = solve(instance, { seed: 3, maxIterations: 500 });
    expect(result.unassigned).toEqual([]);
    expect(result.routes.find((route) => route.jobs.includes(1))!.vehicleType).toBe(1);
    expect(result.routes.find((route) => route.jobs.includes(2))!.slot).toBe(0);
    for (const route of result.routes) expect(route.jobs.length * 5).toBeLessThanOrEqual(30);
  });

  // The deadline, tested by one already spent (a deterministic condition, not a race with the clock).
  it('with a time limit of 0 ms returns the cheap construction without a search iteration', () => {
    const instance = tinyInstance(5, { jobs: 60, vehicles: 15, windows: 'loose', capacity: 60 });
    const result = solve(instance, { seed: 1, timeLimitMs: 0, maxIterations: 100_000 });
    expect(result.iterations).toBe(0);
    expect(result.unassigned).toEqual([]);
    expect(result.history.length).toBeGreaterThan(0);
    expect(solve(instance, { seed: 1, timeLimitMs: 0 }).routes).toEqual(result.routes);
  });
});
