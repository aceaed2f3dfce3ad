import type { Solution } from '../../structures/solution.js';
import { applyBlockMove, blockMoveDelta } from '../block-move.js';
import type { LocalSearchOperator } from '../local-search-operator.js';
import { IMPROVEMENT_EPSILON, type MoveEvaluator } from '../move-evaluator.js';

const MIN_LENGTH = 2;
const MAX_LENGTH = 3;

/** Moves the string of 2–3 jobs starting at `u` right after `v`, as is or reversed. */
export class OrOpt implements LocalSearchOperator {
  constructor(private readonly evaluator: MoveEvaluator) {}

  tryMove(solution: Solution, u: number, v: number): boolean {
    const from = solution.routes[solution.routeOf[u]!]!;
    const to = solution.routes[solution.routeOf[v]!]!;
    const i = solution.positionOf[u]!;
    const j = solution.positionOf[v]!;
    for (let length = MIN_LENGTH; length <= MAX_LENGTH; length++) {
      for (let r = 0; r < 2; r++) {
        const reversed = r === 1;
        if (blockMoveDelta(this.evaluator, from, i, length, reversed, to, j) < -IMPROVEMENT_EPSILON) {
          applyBlockMove(solution, from, i, length, reversed, to, j);
          return true;
        }
      }
    }
    return false;
  }
}
