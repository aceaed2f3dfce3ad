import type { Random } from '../structures/prng.js';
import type { Route } from '../structures/route.js';
import { SEGMENT_STRIDE } from '../structures/segment.js';
import type { MoveEvaluator } from './move-evaluator.js';

const S = SEGMENT_STRIDE;

/** Cheapest feasible position for one job in one route, in O(route length) with O(1) per position. */
export class InsertionSearch {
  /** Where the last `cheapest` call found its best (insert before this index). */
  position = -1;

  constructor(private readonly evaluator: MoveEvaluator) {}

  /**
   * Cost increase of the best insertion of `node` into `route`, or Infinity. With a `random`
   * source, each position is skipped with probability `blinkRate` (SISR "blinks"), which
   * diversifies the greedy recreate at almost no cost.
   */
  cheapest(route: Route, node: number, random: Random | null, blinkRate: number, bound = Infinity): number {
    const model = this.evaluator.model;
    const visits = model.visits;
    const type = route.type;
    const last = route.size + 1;
    this.position = -1;
    if (!model.fitsLoad(type, route.prefix, last * S, visits, node * S)) return Infinity;
    const nodes = route.nodes;
    const base = route.cost;
    const fixed = route.size === 0 ? model.instance.fixedCost[type]! : 0;
    let best = bound;
    for (let p = 1; p <= last; p++) {
      if (random !== null && random.nextFloat() < blinkRate) continue;
      if (fixed + model.detourLowerBound(type, nodes[p - 1]!, node, nodes[p]!) >= best) continue;
      const cost =
        this.evaluator.join3(type, route.prefix, (p - 1) * S, visits, node * S, route.suffix, p * S) - base;
      if (cost < best) {
        best = cost;
        this.position = p;
      }
    }
    return this.position === -1 ? Infinity : best;
  }
}
