import type { Solution } from '../../structures/solution.js';
import { tryBlockMove } from '../block-move.js';
import type { LocalSearchOperator } from '../local-search-operator.js';
import type { MoveEvaluator } from '../move-evaluator.js';

const MIN_LENGTH = 2;
const MAX_LENGTH = 3;

/** Moves the string of 2–3 jobs starting at `u` right after `v`, as is or reversed. */
export class OrOpt implements LocalSearchOperator {
  constructor(private readonly evaluator: MoveEvaluator) {}

  tryMove(solution: Solution, u: number, v: number): boolean {
    for (let length = MIN_LENGTH; length <= MAX_LENGTH; length++) {
      if (tryBlockMove(this.evaluator, solution, u, length, false, v, false)) return true;
      if (tryBlockMove(this.evaluator, solution, u, length, true, v, false)) return true;
    }
    return false;
  }
}
