import { InsertionRanks, TOP } from '../../../../engine/core/search/operators/insertion-ranks.js';
import { RouteModel } from '../../../../engine/core/route-model.js';
import type { Route } from '../../../../engine/core/structures/route.js';
import { Solution } from '../../../../engine/core/structures/solution.js';
import { randomSolution, tinyInstance } from '../tiny-instances.js';

/** The TOP cheapest detours of `u` into `route` by enumeration (costs only: ties may order positions either way). */
function bruteForce(distance: ArrayLike<number>, n: number, u: number, route: Route): number[] {
  const costs: number[] = [];
  for (let p = 1; p <= route.size + 1; p++) {
    const before = route.nodes[p - 1]!;
    const after = route.nodes[p]!;
    costs.push(distance[before * n + u]! + distance[u * n + after]! - distance[before * n + after]!);
  }
  costs.sort((a, b) => a - b);
  return Array.from({ length: TOP }, (_, t) => costs[t] ?? Infinity);
}

describe('SWAP* insertion ranks', () => {
  const instance = tinyInstance(4, { jobs: 60, vehicles: 6, windows: 'none', capacity: 100 });
  const { solution } = randomSolution(instance, 2);
  const n = instance.nodeCount;
  const used = solution.routes.filter((route) => route.size > 1);

  it.each([true, false])(
    'ranks every job of a route in another like an enumeration, and reuses them while that route keeps its content (symmetric: %s)',
    (symmetric) => {
      const ranks = new InsertionRanks(instance.distance, n, solution.routes.length, symmetric);
      const positions = new Int32Array((n + 2) * TOP);
      const costs = new Float64Array((n + 2) * TOP);
      const [a, b] = [used[0]!, used[1]!];
      const check = (): void => {
        for (let i = 1; i <= a.size; i++) {
          expect(Array.from(costs.subarray(i * TOP, i * TOP + TOP))).toEqual(bruteForce(instance.distance, n, a.nodes[i]!, b));
          for (let t = 0; t < TOP; t++) {
            const p = positions[i * TOP + t]!;
            if (p < 0) continue;
            const u = a.nodes[i]!;
            const detour =
              instance.distance[b.nodes[p - 1]! * n + u]! +
              instance.distance[u * n + b.nodes[p]!]! -
              instance.distance[b.nodes[p - 1]! * n + b.nodes[p]!]!;
            expect(detour).toBe(costs[i * TOP + t]);
          }
        }
      };
      ranks.rank(a, b, solution.routes, positions, costs);
      check();
      expect(ranks.computed).toBe(a.size);
      ranks.rank(a, b, solution.routes, positions, costs);
      expect(ranks.computed).toBe(a.size);
      // `a` changing does not matter to its jobs' ranks in `b`; `b` changing does.
      const moved = a.nodes[1]!;
      solution.remove(moved);
      solution.insert(moved, a.slot, a.size + 1);
      solution.refreshRoute(a.slot);
      ranks.rank(a, b, solution.routes, positions, costs);
      check();
      expect(ranks.computed).toBe(a.size);
      const last = b.nodes[b.size]!;
      solution.remove(last);
      solution.insert(last, b.slot, 1);
      solution.refreshRoute(b.slot);
      ranks.rank(a, b, solution.routes, positions, costs);
      check();
      expect(ranks.computed).toBe(2 * a.size);
    },
  );

  it('stays exact when a route found empty gives its row to the next route ranked into', () => {
    const wide = tinyInstance(5, { jobs: 60, vehicles: 12, windows: 'none', capacity: 1000 });
    const plan = new Solution(new RouteModel(wide));
    wide.jobs.forEach((job, i) => plan.insert(job, i % 12, Math.floor(i / 12) + 1));
    for (const route of plan.routes) plan.refreshRoute(route.slot);
    const m = wide.nodeCount;
    const ranks = new InsertionRanks(wide.distance, m, plan.routes.length, false);
    const positions = new Int32Array((m + 2) * TOP);
    const costs = new Float64Array((m + 2) * TOP);
    const from = plan.routes[11]!;
    const exact = (into: Route): void => {
      ranks.rank(from, into, plan.routes, positions, costs);
      for (let i = 1; i <= from.size; i++) {
        expect(Array.from(costs.subarray(i * TOP, i * TOP + TOP))).toEqual(bruteForce(wide.distance, m, from.nodes[i]!, into));
      }
    };
    // Eight routes take the first eight rows; the first of them is then emptied.
    for (let slot = 0; slot < 8; slot++) exact(plan.routes[slot]!);
    const emptied = plan.routes[0]!;
    while (emptied.size > 0) {
      const job = emptied.nodes[1]!;
      plan.remove(job);
      plan.insert(job, 1, 1);
    }
    plan.refreshRoute(0);
    plan.refreshRoute(1);
    exact(plan.routes[8]!);
    // Routes that kept their rows and content reuse their ranks.
    const computed = ranks.computed;
    for (let slot = 2; slot < 8; slot++) exact(plan.routes[slot]!);
    expect(ranks.computed).toBe(computed);
    exact(plan.routes[1]!);
    expect(ranks.computed).toBe(computed + from.size);
  });
});
