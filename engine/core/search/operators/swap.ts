import type { Route } from '../../structures/route.js';
import type { Solution } from '../../structures/solution.js';
import { SEG_DURATION, SEGMENT_STRIDE } from '../../structures/segment.js';
import type { LocalSearchOperator } from '../local-search-operator.js';
import { IMPROVEMENT_EPSILON, type MoveEvaluator } from '../move-evaluator.js';

const S = SEGMENT_STRIDE;

/**
 * A lower bound on the cost change of putting `intoA` in place of position `i` of `a` and `intoB`
 * in place of position `j` of `b` (two routes): each route's cost falls by at most the price of
 * the distance it saves plus its slack (every other part of the cost is non-negative).
 */
function swapBound(evaluator: MoveEvaluator, a: Route, i: number, intoA: number, b: Route, j: number, intoB: number): number {
  return (
    replacementDistance(evaluator, a, i, intoA) + replacementDistance(evaluator, b, j, intoB) - evaluator.slack(a) - evaluator.slack(b)
  );
}

/** Price of the distance change of replacing position `i` of `route` by `incoming` (the arcs it loses come from the route's copy). */
function replacementDistance(evaluator: MoveEvaluator, route: Route, i: number, incoming: number): number {
  const change =
    evaluator.arc(route.nodes[i - 1]!, incoming) + evaluator.arc(incoming, route.nodes[i + 1]!) - route.arcs[i]! - route.arcs[i + 1]!;
  return evaluator.model.instance.costPerDistance[route.type]! * change;
}

/**
 * What the travel and service time add to `swapBound` within one route (its slack counted once),
 * with time costs: the route keeps its fixed cost and the price of its busy time
 * (MoveEvaluator.kept), which changes by the travel and service time the replacements add or save.
 */
function withinRouteSwapTimeBound(evaluator: MoveEvaluator, route: Route, i: number, intoI: number, j: number, intoJ: number): number {
  return replacementTime(evaluator, route, i, intoI) + replacementTime(evaluator, route, j, intoJ) + evaluator.kept(route);
}

/**
 * What the fixed costs and the time add to `swapBound` between two routes, with time costs: each
 * route costs at least its fixed cost and the price of its distance and duration, and the duration
 * is at least that of the pieces either side of the replaced job (their prefix and suffix tables,
 * waits included), the arcs to and from the incoming job, and its service.
 */
function betweenRoutesSwapTimeBound(
  evaluator: MoveEvaluator,
  a: Route,
  i: number,
  intoA: number,
  b: Route,
  j: number,
  intoB: number,
): number {
  return replacedFixedAndTime(evaluator, a, i, intoA) + replacedFixedAndTime(evaluator, b, j, intoB);
}

/** The fixed cost and the least price of the duration of `route` with `incoming` in place of position `i`. */
function replacedFixedAndTime(evaluator: MoveEvaluator, route: Route, i: number, incoming: number): number {
  const duration =
    route.prefix[(i - 1) * S + SEG_DURATION]! +
    evaluator.travel(route.nodes[i - 1]!, incoming) +
    evaluator.service(incoming) +
    evaluator.travel(incoming, route.nodes[i + 1]!) +
    route.suffix[(i + 1) * S + SEG_DURATION]!;
  const instance = evaluator.model.instance;
  return instance.fixedCost[route.type]! + instance.costPerTime[route.type]! * duration;
}

/** Price of the change in busy time of replacing position `i` of `route` by `incoming`. */
function replacementTime(evaluator: MoveEvaluator, route: Route, i: number, incoming: number): number {
  const change =
    evaluator.travel(route.nodes[i - 1]!, incoming) +
    evaluator.travel(incoming, route.nodes[i + 1]!) +
    evaluator.service(incoming) -
    route.times[i]! -
    route.times[i + 1]! -
    evaluator.service(route.nodes[i]!);
  return evaluator.model.instance.costPerTime[route.type]! * change;
}

/** Whether both routes stay within their capacity once `u` and `v` trade places (always while excess load is priced). */
function carriesExchange(evaluator: MoveEvaluator, routeU: Route, i: number, routeV: Route, j: number): boolean {
  const model = evaluator.model;
  if (!model.hardLoads) return true;
  const u = routeU.nodes[i]!;
  const v = routeV.nodes[j]!;
  return (
    model.fitsExchange(routeU.type, routeU.prefix, (routeU.size + 1) * S, routeV.nodes, j, j, u) &&
    model.fitsExchange(routeV.type, routeV.prefix, (routeV.size + 1) * S, routeU.nodes, i, i, v)
  );
}

/** Exchanges the positions of jobs `u` and `v`. */
export class Swap implements LocalSearchOperator {
  constructor(private readonly evaluator: MoveEvaluator) {}

  tryMove(solution: Solution, u: number, v: number): boolean {
    const routeU = solution.routes[solution.routeOf[u]!]!;
    const routeV = solution.routes[solution.routeOf[v]!]!;
    const i = solution.positionOf[u]!;
    const j = solution.positionOf[v]!;
    const evaluator = this.evaluator;
    const visits = evaluator.model.visits;
    let delta: number;
    if (routeU !== routeV) {
      const model = evaluator.model;
      if (model.restricted && (!model.canServe(u, routeV.slot) || !model.canServe(v, routeU.slot))) return false;
      const bound = swapBound(evaluator, routeU, i, v, routeV, j, u);
      if (bound >= 0 || !carriesExchange(evaluator, routeU, i, routeV, j)) return false;
      if (evaluator.model.timed && bound + betweenRoutesSwapTimeBound(evaluator, routeU, i, v, routeV, j, u) >= 0) return false;
      const newU = evaluator.join3(routeU.type, routeU.prefix, (i - 1) * S, visits, v * S, routeU.suffix, (i + 1) * S);
      if (newU === Infinity) return false;
      const newV = evaluator.join3(routeV.type, routeV.prefix, (j - 1) * S, visits, u * S, routeV.suffix, (j + 1) * S);
      delta = newU + newV - routeU.cost - routeV.cost;
    } else {
      const first = Math.min(i, j);
      const second = Math.max(i, j);
      // Apart, the two replacements change disjoint arcs; the route costs at least its new distance's price.
      if (second > first + 1) {
        const bound = swapBound(evaluator, routeU, i, v, routeU, j, u) + evaluator.slack(routeU);
        if (bound >= 0 || (evaluator.model.timed && bound + withinRouteSwapTimeBound(evaluator, routeU, i, v, j, u) >= 0)) return false;
      }
      const a = routeU.nodes[first]!;
      const b = routeU.nodes[second]!;
      const scratch = evaluator.scratch;
      if (second === first + 1) {
        evaluator.model.algebra.concat(scratch, evaluator.slot(0), visits, b * S, visits, a * S);
        delta =
          evaluator.join3(routeU.type, routeU.prefix, (first - 1) * S, scratch, evaluator.slot(0), routeU.suffix, (second + 1) * S) -
          routeU.cost;
      } else {
        const middle = evaluator.range(routeU, first + 1, second - 1, false, 1);
        evaluator.model.algebra.concat(scratch, evaluator.slot(0), visits, b * S, scratch, middle);
        delta =
          evaluator.join4(
            routeU.type,
            routeU.prefix,
            (first - 1) * S,
            scratch,
            evaluator.slot(0),
            visits,
            a * S,
            routeU.suffix,
            (second + 1) * S,
          ) - routeU.cost;
      }
    }
    if (!(delta < -IMPROVEMENT_EPSILON)) return false;
    routeU.setAt(i, v);
    routeV.setAt(j, u);
    solution.refreshRoute(routeU.slot);
    if (routeV !== routeU) solution.refreshRoute(routeV.slot);
    return true;
  }
}
