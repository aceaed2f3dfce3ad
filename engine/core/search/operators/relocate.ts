import type { Solution } from '../../structures/solution.js';
import { tryBlockMove } from '../block-move.js';
import type { LocalSearchOperator } from '../local-search-operator.js';
import type { MoveEvaluator } from '../move-evaluator.js';

/** Moves job `u` right after `v`, or right before `v` when `v` opens its route. */
export class Relocate implements LocalSearchOperator {
  constructor(private readonly evaluator: MoveEvaluator) {}

  tryMove(solution: Solution, u: number, v: number): boolean {
    if (tryBlockMove(this.evaluator, solution, u, 1, false, v, false)) return true;
    return solution.positionOf[v] === 1 && tryBlockMove(this.evaluator, solution, u, 1, false, v, true);
  }
}
