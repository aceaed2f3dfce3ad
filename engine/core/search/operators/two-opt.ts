import type { Route } from '../../structures/route.js';
import type { Solution } from '../../structures/solution.js';
import { SEGMENT_STRIDE } from '../../structures/segment.js';
import type { LocalSearchOperator } from '../local-search-operator.js';
import { IMPROVEMENT_EPSILON, type MoveEvaluator } from '../move-evaluator.js';

const S = SEGMENT_STRIDE;

/**
 * A lower bound on the cost change of reversing positions from..to of `route`: the route costs at
 * least the price of its new distance, so it falls by at most the distance saved plus its slack.
 * Arc look-ups over the reversed part are much cheaper than joining its segments.
 */
function reversalBound(evaluator: MoveEvaluator, route: Route, from: number, to: number): number {
  const nodes = route.nodes;
  let change = 0;
  for (let k = from; k < to; k++) change += evaluator.arc(nodes[k + 1]!, nodes[k]!) - evaluator.arc(nodes[k]!, nodes[k + 1]!);
  change +=
    evaluator.arc(nodes[from - 1]!, nodes[to]!) +
    evaluator.arc(nodes[from]!, nodes[to + 1]!) -
    evaluator.arc(nodes[from - 1]!, nodes[from]!) -
    evaluator.arc(nodes[to]!, nodes[to + 1]!);
  return evaluator.model.instance.costPerDistance[route.type]! * change - evaluator.slack(route);
}

/**
 * What the travel time adds to `reversalBound`, with time costs: the route keeps its fixed cost and
 * the price of its busy time (MoveEvaluator.kept), which changes by the travel time the reversal
 * adds or saves.
 */
function reversalTimeBound(evaluator: MoveEvaluator, route: Route, from: number, to: number): number {
  const { nodes, times } = route;
  let change =
    evaluator.travel(nodes[from - 1]!, nodes[to]!) + evaluator.travel(nodes[from]!, nodes[to + 1]!) - times[from]! - times[to + 1]!;
  for (let k = from; k < to; k++) change += evaluator.travel(nodes[k + 1]!, nodes[k]!) - times[k + 1]!;
  return evaluator.model.instance.costPerTime[route.type]! * change + evaluator.kept(route);
}

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
    const bound = reversalBound(evaluator, route, from, to);
    if (bound >= 0 || (evaluator.model.timed && bound + reversalTimeBound(evaluator, route, from, to) >= 0)) return false;
    const reversed = evaluator.range(route, from, to, true, 0);
    const delta =
      evaluator.join3(route.type, route.prefix, (from - 1) * S, evaluator.scratch, reversed, route.suffix, (to + 1) * S) - route.cost;
    if (!(delta < -IMPROVEMENT_EPSILON)) return false;
    route.reverse(from, to);
    solution.refreshRoute(slot);
    return true;
  }
}
