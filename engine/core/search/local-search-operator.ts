import type { Solution } from '../structures/solution.js';

/** A granular neighbourhood move: looks only at moves that bring job `v` next to job `u`. */
export interface LocalSearchOperator {
  /** Applies the first improving move found for the pair; true when the solution changed. */
  tryMove(solution: Solution, u: number, v: number): boolean;
}
