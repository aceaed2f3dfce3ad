import type { Solution } from '../../structures/solution.js';
import { SEGMENT_STRIDE } from '../../structures/segment.js';
import type { LocalSearchOperator } from '../local-search-operator.js';
import { IMPROVEMENT_EPSILON, type MoveEvaluator } from '../move-evaluator.js';

const S = SEGMENT_STRIDE;

/**
 * Intra-route 2-opt: reverses the part of the route between `u` and `v` so that they become
 * consecutive (u then v when u comes first, v then u otherwise).
 */
export class TwoOpt implements LocalSearchOperator {
  constructor(private readonly evaluator: MoveEvaluator) {}

  tryMove(solution: Solution, u: number, v: number): boolean {
    const slot = solution.routeOf[u]!;
    if (solution.routeOf[v] !== slot) return false;
    const route = solution.routes[slot]!;
    const i = solution.positionOf[u]!;
    const j = solution.positionOf[v]!;
    // Reverse positions from..to: after u when u is first, ending before u otherwise.
    const from = i < j ? i + 1 : j;
    const to = i < j ? j : i - 1;
    if (to - from < 1) return false;
    const evaluator = this.evaluator;
    const reversed = evaluator.range(route, from, to, true, 0);
    const delta =
      evaluator.join3(route.type, route.prefix, (from - 1) * S, evaluator.scratch, reversed, route.suffix, (to + 1) * S) - route.cost;
    if (!(delta < -IMPROVEMENT_EPSILON)) return false;
    route.nodes.subarray(from, to + 1).reverse();
    solution.refreshRoute(slot);
    return true;
  }
}
