import type { Route } from '../structures/route.js';
import { SEG_DISTANCE, SEG_DURATION, SEGMENT_STRIDE } from '../structures/segment.js';
import type { Solution } from '../structures/solution.js';
import { IMPROVEMENT_EPSILON, type MoveEvaluator } from './move-evaluator.js';

const S = SEGMENT_STRIDE;

/**
 * Cost change of moving positions [i, i + length) of `from` (optionally reversed) to just after
 * position `j` of `to` (0 = right after the depot). Infinity when infeasible or a no-op.
 */
function blockMoveDelta(evaluator: MoveEvaluator, from: Route, i: number, length: number, reversed: boolean, to: Route, j: number): number {
  const last = i + length - 1;
  if (last > from.size) return Infinity;
  const scratch = evaluator.scratch;
  if (from !== to) {
    if (from.size === length && evaluator.keepsRoutes) return Infinity;
    const bound = distanceBound(evaluator, from, i, last, reversed, to, j);
    if (bound >= 0 || !carries(evaluator, to, from, i, last)) return Infinity;
    if (evaluator.model.timed && bound + betweenRoutesTimeBound(evaluator, from, i, last, reversed, to, j) >= 0) return Infinity;
    if (!evaluator.servesRange(from, i, last, to.slot)) return Infinity;
    const block = evaluator.range(from, i, last, reversed, 0);
    const newTo = evaluator.join3(to.type, to.prefix, j * S, scratch, block, to.suffix, (j + 1) * S);
    if (newTo === Infinity) return Infinity;
    const newFrom = from.size === length ? 0 : evaluator.join2(from.type, from.prefix, (i - 1) * S, from.suffix, (last + 1) * S);
    return newFrom + newTo - from.cost - to.cost;
  }
  if (j >= i - 1 && j <= last) return Infinity;
  const bound = distanceBound(evaluator, from, i, last, reversed, to, j);
  if (bound >= 0 || (evaluator.model.timed && bound + withinRouteTimeBound(evaluator, from, i, last, reversed, j) >= 0)) return Infinity;
  const block = evaluator.range(from, i, last, reversed, 0);
  if (j > last) {
    const middle = evaluator.range(from, last + 1, j, false, 1);
    return evaluator.join4(from.type, from.prefix, (i - 1) * S, scratch, middle, scratch, block, from.suffix, (j + 1) * S) - from.cost;
  }
  const middle = evaluator.range(from, j + 1, i - 1, false, 1);
  return evaluator.join4(from.type, from.prefix, j * S, scratch, block, scratch, middle, from.suffix, (last + 1) * S) - from.cost;
}

/**
 * A lower bound on the cost change of moving positions [i, last] of `from` after position `j` of
 * `to`: `to` gains at least the price of its detour (visits never shorten a route's duration or
 * lower its violations), `from` loses at most the price of the distance it saves plus its slack
 * (all of its cost when the move leaves it empty).
 * Within one route (j outside [i - 1, last]) the arc the block lands on survives its removal, and
 * the route's cost is at least the price of its new distance. Pricing a move in full takes several
 * segment joins (and, within a route, a pass over the jobs in between); this takes a few arc
 * look-ups, and the arcs a route already has come from its own copy, so only the three new arcs
 * (and a reversed block's, on an asymmetric matrix) are read from the matrix.
 */
function distanceBound(evaluator: MoveEvaluator, from: Route, i: number, last: number, reversed: boolean, to: Route, j: number): number {
  const costPerDistance = evaluator.model.instance.costPerDistance;
  const nodes = from.nodes;
  const arcs = from.arcs;
  const first = nodes[i]!;
  const end = nodes[last]!;
  // Blocks are 1–3 jobs long (relocate, or-opt): the arcs inside are read without a loop.
  const inside = last === i ? 0 : last === i + 1 ? arcs[last]! : arcs[i + 1]! + arcs[last]!;
  const saved = arcs[i]! + inside + arcs[last + 1]! - evaluator.arc(nodes[i - 1]!, nodes[last + 1]!);
  let block = inside;
  if (reversed && !evaluator.model.symmetricDistance) {
    block = 0;
    for (let k = i; k < last; k++) block += evaluator.arc(nodes[k + 1]!, nodes[k]!);
  }
  const head = reversed ? end : first;
  const tail = reversed ? first : end;
  const detour = evaluator.arc(to.nodes[j]!, head) + block + evaluator.arc(tail, to.nodes[j + 1]!) - to.arcs[j + 1]!;
  if (from === to) return costPerDistance[from.type]! * (detour - saved) - evaluator.slack(from);
  const fall = from.size === last - i + 1 ? from.cost : costPerDistance[from.type]! * saved + evaluator.slack(from);
  return costPerDistance[to.type]! * detour - fall;
}

/**
 * What the travel and service time add to `distanceBound` within one route, with time costs: the
 * route keeps its fixed cost and the price of its busy time (MoveEvaluator.kept), which changes by
 * the change in travel time. The arcs a route has come from its own copy (`Route.times`). Apart
 * from `distanceBound`, which stays small enough for the engine to inline where there are no time
 * costs (one function for both made the moves' bounds 20 % dearer on X-n895).
 */
function withinRouteTimeBound(evaluator: MoveEvaluator, route: Route, i: number, last: number, reversed: boolean, j: number): number {
  const { nodes, times } = route;
  const inside = innerTravel(times, i, last);
  const saved = times[i]! + inside + times[last + 1]! - evaluator.travel(nodes[i - 1]!, nodes[last + 1]!);
  const block = reversed ? reversedTravel(evaluator, nodes, i, last) : inside;
  const head = nodes[reversed ? last : i]!;
  const tail = nodes[reversed ? i : last]!;
  const detour = evaluator.travel(nodes[j]!, head) + block + evaluator.travel(tail, nodes[j + 1]!) - times[j + 1]!;
  return evaluator.model.instance.costPerTime[route.type]! * (detour - saved) + evaluator.kept(route);
}

/**
 * What the fixed costs and the time add to `distanceBound` between two routes, with time costs:
 * each route the move leaves with jobs costs at least its fixed cost and the price of its distance
 * and duration, and joining pieces of routes adds the arcs between them and any wait to the
 * pieces' durations (their prefix and suffix tables, waits included); the block brings its service
 * and inner travel. `from` costs nothing when the move empties it.
 */
function betweenRoutesTimeBound(
  evaluator: MoveEvaluator,
  from: Route,
  i: number,
  last: number,
  reversed: boolean,
  to: Route,
  j: number,
): number {
  const { fixedCost, costPerDistance, costPerTime } = evaluator.model.instance;
  const { nodes, times, busy } = from;
  let block = busy[last]! - busy[i - 1]! - times[i]!;
  if (reversed) {
    block += reversedTravel(evaluator, nodes, i, last) - innerTravel(times, i, last);
  }
  const head = nodes[reversed ? last : i]!;
  const tail = nodes[reversed ? i : last]!;
  const toDuration =
    to.prefix[j * S + SEG_DURATION]! +
    evaluator.travel(to.nodes[j]!, head) +
    block +
    evaluator.travel(tail, to.nodes[j + 1]!) +
    to.suffix[(j + 1) * S + SEG_DURATION]!;
  const toDistance = to.prefix[(to.size + 1) * S + SEG_DISTANCE]!;
  const rise = fixedCost[to.type]! + costPerDistance[to.type]! * toDistance + costPerTime[to.type]! * toDuration - to.cost;
  if (from.size === last - i + 1) return rise;
  const fromDuration =
    from.prefix[(i - 1) * S + SEG_DURATION]! +
    evaluator.travel(nodes[i - 1]!, nodes[last + 1]!) +
    from.suffix[(last + 1) * S + SEG_DURATION]!;
  return rise + fixedCost[from.type]! + costPerTime[from.type]! * fromDuration;
}

/** Travel time through positions [i, last] of a route in its order, from its `times` (blocks are 1–3 jobs long). */
function innerTravel(times: Float64Array, i: number, last: number): number {
  return last === i ? 0 : last === i + 1 ? times[last]! : times[i + 1]! + times[last]!;
}

/** Travel time through positions [i, last] of `nodes` backwards. */
function reversedTravel(evaluator: MoveEvaluator, nodes: Int32Array, i: number, last: number): number {
  let travel = 0;
  for (let k = i; k < last; k++) travel += evaluator.travel(nodes[k + 1]!, nodes[k]!);
  return travel;
}

/**
 * Whether `to` can take the jobs at positions [i, last] of `from` within its capacity (always while
 * excess load is priced). A few loads read instead of summarising the block and joining it in: on a
 * build of 2,000 jobs whose routes run full, 45 % of the block moves the bounds let through were
 * priced only to find the route overloaded.
 */
function carries(evaluator: MoveEvaluator, to: Route, from: Route, i: number, last: number): boolean {
  const model = evaluator.model;
  return !model.hardLoads || model.fitsExchange(to.type, to.prefix, (to.size + 1) * S, from.nodes, i, last, -1);
}

const moved = new Int32Array(3);

function applyBlockMove(solution: Solution, from: Route, i: number, length: number, reversed: boolean, to: Route, j: number): void {
  for (let k = 0; k < length; k++) moved[reversed ? length - 1 - k : k] = from.nodes[i + k]!;
  for (let k = 0; k < length; k++) solution.remove(moved[k]!);
  const after = from === to && j > i ? j - length : j;
  for (let k = 0; k < length; k++) solution.insert(moved[k]!, to.slot, after + 1 + k);
  solution.refreshRoute(from.slot);
  if (to !== from) solution.refreshRoute(to.slot);
}

/**
 * Moves the `length` jobs starting at job `u` (optionally reversed) to just after job `v`, or just
 * before it with `beforeV`, when that lowers the cost; true when it did. Relocate (length 1) and
 * or-opt (length 2–3) are this move at different lengths.
 */
export function tryBlockMove(
  evaluator: MoveEvaluator,
  solution: Solution,
  u: number,
  length: number,
  reversed: boolean,
  v: number,
  beforeV: boolean,
): boolean {
  const from = solution.routes[solution.routeOf[u]!]!;
  const to = solution.routes[solution.routeOf[v]!]!;
  const i = solution.positionOf[u]!;
  const j = solution.positionOf[v]! - (beforeV ? 1 : 0);
  if (!(blockMoveDelta(evaluator, from, i, length, reversed, to, j) < -IMPROVEMENT_EPSILON)) return false;
  applyBlockMove(solution, from, i, length, reversed, to, j);
  return true;
}
