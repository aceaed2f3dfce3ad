import type { Solution } from '../../structures/solution.js';
import { applyBlockMove, blockMoveDelta } from '../block-move.js';
import type { LocalSearchOperator } from '../local-search-operator.js';
import { IMPROVEMENT_EPSILON, type MoveEvaluator } from '../move-evaluator.js';

/** Moves job `u` right after `v`, or right before `v` when `v` opens its route. */
export class Relocate implements LocalSearchOperator {
  constructor(private readonly evaluator: MoveEvaluator) {}

  tryMove(solution: Solution, u: number, v: number): boolean {
    const from = solution.routes[solution.routeOf[u]!]!;
    const to = solution.routes[solution.routeOf[v]!]!;
    const i = solution.positionOf[u]!;
    const j = solution.positionOf[v]!;
    if (blockMoveDelta(this.evaluator, from, i, 1, false, to, j) < -IMPROVEMENT_EPSILON) {
      applyBlockMove(solution, from, i, 1, false, to, j);
      return true;
    }
    if (j === 1 && blockMoveDelta(this.evaluator, from, i, 1, false, to, 0) < -IMPROVEMENT_EPSILON) {
      applyBlockMove(solution, from, i, 1, false, to, 0);
      return true;
    }
    return false;
  }
}
