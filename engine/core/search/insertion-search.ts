import { Random } from '../structures/prng.js';
import type { Route } from '../structures/route.js';
import { TIME_WARP_TOLERANCE } from '../route-model.js';
import { earliestEnd, SEG_DURATION, SEG_EARLIEST, SEG_LATEST, SEGMENT_STRIDE } from '../structures/segment.js';
import type { MoveEvaluator } from './move-evaluator.js';

const S = SEGMENT_STRIDE;

/** Cheapest feasible position for one job in one route, in O(route length) with O(1) per position. */
export class InsertionSearch {
  /** Where the last `cheapest` call found its best (insert before this index). */
  position = -1;

  /** Whether the distance matrix is symmetric, so a leg into a node equals the leg out of it. */
  private readonly symmetric: boolean;
  /** Whether some job has a window that closes: without one, a window rules out no position. */
  private readonly windowed: boolean;
  /** The positions `cheapest` blinks past in the route it prices, ascending (`drawBlinks`). */
  private blinkAt = new Int32Array(8);
  /** Per number of positions k, (1 - noBlinkRate)^k (`noBlinkChance`). */
  private noBlink = new Float64Array(0);
  private noBlinkRate = NaN;
  /** The positions `windowPositions` leaves open, first to last (fields, not a tuple: it runs per route and job). */
  private windowFirst = 1;
  private windowLast = 0;

  constructor(private readonly evaluator: MoveEvaluator) {
    const instance = evaluator.model.instance;
    this.symmetric = evaluator.model.symmetricDistance;
    this.windowed = instance.jobs.some((job) => Number.isFinite(instance.timeWindowEnd[job]!));
  }

  /**
   * Cost increase of the best insertion of `node` into `route`, or Infinity. With a `random`
   * source, each position is skipped with probability `blinkRate` (SISR "blinks"), which
   * diversifies the greedy recreate at almost no cost. The detour bound reads the legs to and from
   * `node` along its own matrix row (on symmetric instances) and the arc the detour replaces from
   * the route's `arcs`, so a position costs no read outside that row (a cache miss each). With
   * hard windows only the positions the job's window leaves open are considered (`windowPositions`),
   * and of those only the ones where the job and the rest of the route keep their windows are priced
   * (`warpsAt`).
   * A caller that has already checked the job's load against the route (`Solution.canCarry`) passes
   * `loadChecked`, which saves a read of the route's last prefix entry (a cache miss per route).
   */
  cheapest(route: Route, node: number, random: Random | null, blinkRate: number, bound = Infinity, loadChecked = false): number {
    const fixed = this.opening(route, node, loadChecked);
    if (fixed === undefined) return Infinity;
    const model = this.evaluator.model;
    const { distance, nodeCount: n } = model.instance;
    const scale = model.instance.costPerDistance[route.type]!;
    const { nodes, arcs } = route;
    const row = node * n;
    const symmetric = this.symmetric;
    let best = bound;
    let p = 1;
    let last = route.size + 1;
    const hard = this.windowed && model.hardWindows;
    if (hard) {
      this.windowPositions(route, node);
      p = this.windowFirst;
      last = this.windowLast;
    }
    // Every position's blink is drawn, also those of positions the window rules out, so a seed's run
    // does not depend on the skipping.
    const blinks = random === null ? 0 : this.drawBlinks(random, route.size + 1, blinkRate);
    const blinkAt = this.blinkAt;
    let blink = 0;
    while (blink < blinks && blinkAt[blink]! < p) blink++;
    // A window that leaves no position is common on narrow windows: no matrix read then (a cache miss).
    if (p > last) return Infinity;
    let legIn = symmetric ? distance[row + nodes[p - 1]!]! : distance[nodes[p - 1]! * n + node]!;
    for (; p <= last; p++) {
      const to = nodes[p]!;
      const legOut = distance[row + to]!;
      const next = symmetric ? legOut : distance[to * n + node]!;
      const blinked = blink < blinks && blinkAt[blink] === p;
      if (blinked) blink++;
      if (!blinked && fixed + scale * (legIn + legOut - arcs[p]!) < best && !(hard && this.warpsAt(route, node, p))) {
        const cost = this.evaluator.join3(route.type, route.prefix, (p - 1) * S, model.visits, node * S, route.suffix, p * S) - route.cost;
        if (cost < best) {
          best = cost;
          this.position = p;
        }
      }
      legIn = next;
    }
    return this.position === -1 ? Infinity : best;
  }

  /**
   * Draws which of `positions` positions (1 to `positions`) to blink past, each with probability
   * `rate`, into `blinkAt`, ascending; returns how many. Each draw is the gap to the next blink, so
   * a route costs one draw plus one per blink (a draw per position was 9 % of the CPU of a search on
   * R108), and the first draw alone tells the usual case, no blink at all, without a logarithm.
   */
  private drawBlinks(random: Random, positions: number, rate: number): number {
    if (!(rate > 0)) return 0;
    const first = 1 - random.nextFloat();
    if (first <= this.noBlinkChance(positions, rate)) return 0;
    let count = 0;
    for (let at = Random.gap(first, rate); at <= positions; at += random.nextGap(rate)) {
      if (count === this.blinkAt.length) {
        const grown = new Int32Array(2 * count);
        grown.set(this.blinkAt);
        this.blinkAt = grown;
      }
      this.blinkAt[count++] = at;
    }
    return count;
  }

  /** (1 - `rate`)^`positions`, the chance that none of `positions` positions blinks, from a table kept for the last rate. */
  private noBlinkChance(positions: number, rate: number): number {
    if (rate !== this.noBlinkRate || positions >= this.noBlink.length) {
      this.noBlinkRate = rate;
      this.noBlink = Float64Array.from({ length: Math.max(64, 2 * positions) }, (_, k) => Math.pow(1 - rate, k));
    }
    return this.noBlink[positions]!;
  }

  /**
   * Like `cheapest` without blinks, but trying only the positions `positions[0..count)` (insert
   * before that index; repeats and out-of-range entries are harmless): O(count) for granular
   * construction, where a job only looks next to its neighbours.
   */
  cheapestAmong(route: Route, node: number, positions: Int32Array, count: number): number {
    const fixed = this.opening(route, node);
    if (fixed === undefined) return Infinity;
    const last = route.size + 1;
    let best = Infinity;
    for (let k = 0; k < count; k++) {
      const p = positions[k]!;
      if (p < 1 || p > last || p === this.position) continue;
      const cost = this.priceAt(route, node, p, fixed, best);
      if (cost < best) {
        best = cost;
        this.position = p;
      }
    }
    return this.position === -1 ? Infinity : best;
  }

  /**
   * Sets `[windowFirst, windowLast]` to the positions where `node`'s window alone does not already
   * rule out an insertion with hard windows. Along a feasible route the latest start of each suffix
   * and the earliest end of each prefix never decrease, so the positions before the first leave too
   * little time after the visit and those after the last reach it too late: on narrow windows a long
   * route keeps a few positions.
   */
  private windowPositions(route: Route, node: number): void {
    const visits = this.evaluator.model.visits;
    const ready = visits[node * S + SEG_EARLIEST]! + visits[node * S + SEG_DURATION]! - TIME_WARP_TOLERANCE;
    const due = visits[node * S + SEG_LATEST]! + TIME_WARP_TOLERANCE;
    const { prefix, suffix } = route;
    // Binary search: the first position whose suffix may start once the visit is done.
    let low = 1;
    let high = route.size + 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (suffix[middle * S + SEG_LATEST]! < ready) low = middle + 1;
      else high = middle;
    }
    let last = low - 1;
    while (last <= route.size && earliestEnd(prefix, last * S) <= due) last++;
    this.windowFirst = low;
    this.windowLast = last;
  }

  /**
   * Whether inserting `node` before index `p` of `route` surely breaks a window (hard windows): the
   * prefix's earliest end plus the leg in reaches the job after its window closes, or the job's
   * earliest end plus the leg out reaches the suffix after its latest start. These are the two time
   * warps the join adds (the suffix's test keeps a second tolerance for round-off), so the positions
   * left are priced as before, from two legs and a few segment fields instead of three segment
   * joins. On tight windows most positions the detour bound leaves fail here: recreates on RC103
   * (seed 1, 100,000 iterations) priced 15.0 M positions in full, 12.8 M of them infeasible.
   */
  private warpsAt(route: Route, node: number, p: number): boolean {
    const { duration, nodeCount: n } = this.evaluator.model.instance;
    const visits = this.evaluator.model.visits;
    const { prefix, suffix, nodes } = route;
    const o = (p - 1) * S;
    const v = node * S;
    const arrival = earliestEnd(prefix, o) + duration[nodes[p - 1]! * n + node]!;
    const latest = visits[v + SEG_LATEST]!;
    if (arrival > latest + TIME_WARP_TOLERANCE) return true;
    const start = Math.min(Math.max(arrival, visits[v + SEG_EARLIEST]!), latest);
    const reach = start + visits[v + SEG_DURATION]! + duration[node * n + nodes[p]!]!;
    return reach > suffix[p * S + SEG_LATEST]! + 2 * TIME_WARP_TOLERANCE;
  }

  /** Resets `position`; the fixed cost opening an empty route adds, or undefined when the job's load cannot fit the route. */
  private opening(route: Route, node: number, loadChecked = false): number | undefined {
    const model = this.evaluator.model;
    this.position = -1;
    if (!loadChecked && !model.fitsLoad(route.type, route.prefix, (route.size + 1) * S, model.visits, node * S)) return undefined;
    return route.size === 0 ? model.instance.fixedCost[route.type]! : 0;
  }

  /** Cost increase of inserting `node` before index `p`, or Infinity when the detour's lower bound already reaches `best`. */
  private priceAt(route: Route, node: number, p: number, fixed: number, best: number): number {
    const model = this.evaluator.model;
    if (fixed + model.detourLowerBound(route.type, route.nodes[p - 1]!, node, route.nodes[p]!) >= best) return Infinity;
    return this.evaluator.join3(route.type, route.prefix, (p - 1) * S, model.visits, node * S, route.suffix, p * S) - route.cost;
  }
}
