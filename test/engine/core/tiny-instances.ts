import { buildInstance } from '../../../engine/core/compiled/build-instance.js';
import type { CompiledInstance } from '../../../engine/core/compiled/compiled-instance.js';
import { RouteModel } from '../../../engine/core/route-model.js';
import { InsertionSearch } from '../../../engine/core/search/insertion-search.js';
import { MoveEvaluator } from '../../../engine/core/search/move-evaluator.js';
import { BlinkInsertion } from '../../../engine/core/search/recreate/blink-insertion.js';
import { Random } from '../../../engine/core/structures/prng.js';
import { Solution } from '../../../engine/core/structures/solution.js';

export interface TinyOptions {
  jobs: number;
  vehicles: number;
  /** Tight windows make many sequences infeasible; loose ones make distance dominate. */
  windows: 'none' | 'loose' | 'tight';
  capacity?: number;
  /** Each direction of a pair costs its own random share more than the straight line. */
  asymmetric?: boolean;
  /** Price per unit of route duration (waits included), so that cost is more than distance. */
  costPerTime?: number;
  /** Price of each used route. */
  fixedCost?: number;
}

/** Random Euclidean (or, with `asymmetric`, stretched) instance with the depot at node 0, reproducible from `seed`. */
export function tinyInstance(seed: number, options: TinyOptions): CompiledInstance {
  const random = new Random(seed);
  const n = options.jobs + 1;
  const x = Array.from({ length: n }, () => random.nextFloat() * 100);
  const y = Array.from({ length: n }, () => random.nextFloat() * 100);
  const distance = new Float64Array(n * n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) distance[a * n + b] = Math.hypot(x[a]! - x[b]!, y[a]! - y[b]!);
  if (options.asymmetric) for (let at = 0; at < n * n; at++) distance[at] = distance[at]! * (1 + random.nextFloat() / 2);
  const horizon = 1000;
  const timeWindows = Array.from({ length: n }, (_, i): [number, number] => {
    if (i === 0 || options.windows === 'none') return [0, horizon];
    const width = options.windows === 'tight' ? 60 + random.nextFloat() * 80 : 300 + random.nextFloat() * 400;
    const start = 150 + random.nextFloat() * (horizon - 300 - width / 2);
    return [start, Math.min(start + width, horizon - 160)];
  });
  return buildInstance({
    nodeCount: n,
    jobs: Array.from({ length: options.jobs }, (_, i) => i + 1),
    distance,
    serviceTime: Array.from({ length: n }, (_, i) => (i === 0 ? 0 : 10)),
    timeWindows,
    demand: Array.from({ length: n }, (_, i) => [i === 0 ? 0 : 1 + random.nextInt(9)]),
    vehicleTypes: [
      {
        count: options.vehicles,
        start: 0,
        end: 0,
        shiftStart: 0,
        shiftEnd: horizon,
        capacity: [options.capacity ?? 1000],
        costPerTime: options.costPerTime,
        fixedCost: options.fixedCost,
      },
    ],
  });
}

/**
 * A fleet of two vehicle types (two of the first, unlimited of the second at a fixed cost) where
 * job 1 may ride only the second type and job 2 only route slot 0.
 */
export function restrictedInstance(seed: number, jobs: number): CompiledInstance {
  const base = tinyInstance(seed, { jobs, vehicles: 1, windows: 'none' });
  return buildInstance({
    nodeCount: base.nodeCount,
    jobs: Array.from(base.jobs),
    distance: base.distance,
    demand: Array.from({ length: base.nodeCount }, (_, node) => [node === 0 ? 0 : 5]),
    vehicleTypes: [
      { count: 2, start: 0, end: 0, capacity: [30] },
      { count: 'unlimited', start: 0, end: 0, capacity: [30], fixedCost: 100 },
    ],
    allowedVehicleTypes: new Map([[1, [1]]]),
    allowedRouteSlots: new Map([[2, [0]]]),
  });
}

export interface Harness {
  model: RouteModel;
  evaluator: MoveEvaluator;
  solution: Solution;
}

/** A feasible random starting solution built by randomized greedy insertion. */
export function randomSolution(instance: CompiledInstance, seed: number): Harness {
  const model = new RouteModel(instance);
  const evaluator = new MoveEvaluator(model);
  const solution = new Solution(model);
  const insertion = new InsertionSearch(evaluator);
  // Random job orders and blinks make the greedy insertion a varied but always feasible start.
  const random = new Random(seed);
  new BlinkInsertion(instance, insertion, random).recreate(solution);
  return { model, evaluator, solution };
}

/** Route jobs as plain arrays, for comparisons and brute force. */
export function routesOf(solution: Solution): number[][] {
  return solution.routes.map((route) => Array.from(route.nodes.subarray(1, route.size + 1)));
}

/** Cost of a whole solution given as job sequences per slot, recomputed from scratch (Infinity if infeasible). */
export function costOfRoutes(harness: Harness, routes: readonly (readonly number[])[]): number {
  let total = 0;
  routes.forEach((jobs, slot) => {
    total += harness.evaluator.sequenceCost(harness.model.slotType[slot]!, Int32Array.from(jobs), jobs.length);
  });
  return total;
}
