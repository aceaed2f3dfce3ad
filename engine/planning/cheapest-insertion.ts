import type { RouteObjective } from './route-objective.js';

/**
 * Positions tried per route when the evaluator probes a job's cheapest insertion: every position
 * of a short route, else the ones with the shortest travel detour, so that a probe costs
 * O(route length), not O(route length²), on the long routes of big problems.
 */
export const PROBED_POSITIONS = 16;

export interface Insertion {
  /** Insert before this index of the order. */
  position: number;
  /** Internal cost of the route with the job there. */
  cost: number;
  hard: number;
}

/** The cheapest probed insertion of `job` into `order` with at most `maxHard` hard violations, if any. */
export function cheapestInsertion(
  objective: RouteObjective,
  order: readonly number[],
  job: number,
  maxHard = Infinity,
): Insertion | undefined {
  const candidate = new Array<number>(order.length + 1);
  let best: Insertion | undefined;
  const positions = objective.likelyPositions(order, job, PROBED_POSITIONS);
  objective.prepareInsertions(order, job, Math.max(...positions));
  for (const position of positions) {
    for (let i = 0; i < position; i++) candidate[i] = order[i]!;
    candidate[position] = job;
    for (let i = position; i < order.length; i++) candidate[i + 1] = order[i]!;
    const cost = objective.insertionCost(candidate, position);
    if (objective.hardViolations > maxHard) continue;
    if (best === undefined || cost < best.cost) best = { position, cost, hard: objective.hardViolations };
  }
  return best;
}
