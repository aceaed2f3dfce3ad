import type { Route } from '../../structures/route.js';
import type { Solution } from '../../structures/solution.js';
import { IMPROVEMENT_EPSILON, type MoveEvaluator } from '../move-evaluator.js';
import { InsertionRanks, TOP } from './insertion-ranks.js';

/** Estimated-best exchanges that get an exact (time-window-aware) evaluation. */
const CANDIDATES = 4;
/** Position code for "take the place of the job leaving the route". */
const IN_PLACE = -1;

/**
 * SWAP* (Vidal 2022): exchanges `u` of one route with `v` of another, each going to its best
 * position in the other route rather than to the partner's place. Positions are preselected on
 * distance (three best per job and route), then the few most promising exchanges are priced
 * exactly, which keeps time windows and route-duration costs exact.
 */
export class SwapStar {
  /** Per position of the first route: TOP best insertion positions (insert before index) in the second route. */
  private readonly topPosA: Int32Array;
  private readonly topCostA: Float64Array;
  private readonly topPosB: Int32Array;
  private readonly topCostB: Float64Array;
  private readonly candidateU = new Int32Array(CANDIDATES);
  private readonly candidateV = new Int32Array(CANDIDATES);
  private readonly candidatePosU = new Int32Array(CANDIDATES);
  private readonly candidatePosV = new Int32Array(CANDIDATES);
  private readonly candidateEstimate = new Float64Array(CANDIDATES);
  private readonly sequenceA: Int32Array;
  private readonly sequenceB: Int32Array;
  /** Per position j of the second route: the arc that skips its job, and the distance its removal saves (negative). */
  private readonly skipB: Float64Array;
  private readonly removeB: Float64Array;
  private readonly ranks: InsertionRanks;

  constructor(private readonly evaluator: MoveEvaluator) {
    const instance = evaluator.model.instance;
    this.ranks = new InsertionRanks(
      instance.distance,
      instance.nodeCount,
      evaluator.model.slotType.length,
      evaluator.model.symmetricDistance,
    );
    const n = instance.nodeCount + 2;
    this.topPosA = new Int32Array(n * TOP);
    this.topCostA = new Float64Array(n * TOP);
    this.topPosB = new Int32Array(n * TOP);
    this.topCostB = new Float64Array(n * TOP);
    this.sequenceA = new Int32Array(n);
    this.sequenceB = new Int32Array(n);
    this.skipB = new Float64Array(n);
    this.removeB = new Float64Array(n);
  }

  tryRoutes(solution: Solution, a: Route, b: Route): boolean {
    if (a.size === 0 || b.size === 0) return false;
    const model = this.evaluator.model;
    const n = model.instance.nodeCount;
    const distance = model.instance.distance;
    this.ranks.rank(a, b, solution.routes, this.topPosA, this.topCostA);
    this.ranks.rank(b, a, solution.routes, this.topPosB, this.topCostB);
    let candidates = 0;
    const scaleA = model.instance.costPerDistance[a.type]!;
    const scaleB = model.instance.costPerDistance[b.type]!;
    // On a symmetric matrix the legs to and from u come from u's row, and those to and from v from
    // the rows of u's neighbours, which stay in cache through the inner loop.
    const symmetric = model.symmetricDistance;
    const { skipB, removeB } = this;
    for (let j = 1; j <= b.size; j++) {
      skipB[j] = distance[b.nodes[j - 1]! * n + b.nodes[j + 1]!]!;
      removeB[j] = skipB[j]! - b.arcs[j]! - b.arcs[j + 1]!;
    }
    for (let i = 1; i <= a.size; i++) {
      const u = a.nodes[i]!;
      const prevU = a.nodes[i - 1]!;
      const nextU = a.nodes[i + 1]!;
      const skipU = distance[prevU * n + nextU]!;
      const removeU = skipU - a.arcs[i]! - a.arcs[i + 1]!;
      if (model.restricted && !model.canServe(u, b.slot)) continue;
      for (let j = 1; j <= b.size; j++) {
        const v = b.nodes[j]!;
        if (model.restricted && !model.canServe(v, a.slot)) continue;
        const prevV = b.nodes[j - 1]!;
        const nextV = b.nodes[j + 1]!;
        const removeV = removeB[j]!;
        let posU = IN_PLACE;
        let insertU = (symmetric ? distance[u * n + prevV]! : distance[prevV * n + u]!) + distance[u * n + nextV]! - skipB[j]!;
        for (let t = 0; t < TOP; t++) {
          const p = this.topPosA[i * TOP + t]!;
          if (p >= 0 && p !== j && p !== j + 1 && this.topCostA[i * TOP + t]! < insertU) {
            insertU = this.topCostA[i * TOP + t]!;
            posU = p;
            break;
          }
        }
        let posV = IN_PLACE;
        let insertV = distance[prevU * n + v]! + (symmetric ? distance[nextU * n + v]! : distance[v * n + nextU]!) - skipU;
        for (let t = 0; t < TOP; t++) {
          const p = this.topPosB[j * TOP + t]!;
          if (p >= 0 && p !== i && p !== i + 1 && this.topCostB[j * TOP + t]! < insertV) {
            insertV = this.topCostB[j * TOP + t]!;
            posV = p;
            break;
          }
        }
        const estimate = scaleA * (removeU + insertV) + scaleB * (removeV + insertU);
        if (estimate < -IMPROVEMENT_EPSILON) candidates = this.keep(candidates, estimate, i, j, posU, posV);
      }
    }
    for (let c = 0; c < candidates; c++) {
      const lengthA = this.build(this.sequenceA, a, this.candidateU[c]!, b.nodes[this.candidateV[c]!]!, this.candidatePosV[c]!);
      const lengthB = this.build(this.sequenceB, b, this.candidateV[c]!, a.nodes[this.candidateU[c]!]!, this.candidatePosU[c]!);
      const newA = this.evaluator.sequenceCost(a.type, this.sequenceA, lengthA);
      if (newA === Infinity) continue;
      const newB = this.evaluator.sequenceCost(b.type, this.sequenceB, lengthB);
      if (newA + newB - a.cost - b.cost < -IMPROVEMENT_EPSILON) {
        a.setJobs(this.sequenceA, 0, lengthA);
        b.setJobs(this.sequenceB, 0, lengthB);
        solution.refreshRoute(a.slot);
        solution.refreshRoute(b.slot);
        return true;
      }
    }
    return false;
  }

  /** Inserts into the sorted candidate list (CANDIDATES best estimates); returns its new length. */
  private keep(count: number, estimate: number, i: number, j: number, posU: number, posV: number): number {
    if (count === CANDIDATES && estimate >= this.candidateEstimate[CANDIDATES - 1]!) return count;
    let t = count === CANDIDATES ? CANDIDATES - 1 : count;
    while (t > 0 && this.candidateEstimate[t - 1]! > estimate) {
      this.candidateEstimate[t] = this.candidateEstimate[t - 1]!;
      this.candidateU[t] = this.candidateU[t - 1]!;
      this.candidateV[t] = this.candidateV[t - 1]!;
      this.candidatePosU[t] = this.candidatePosU[t - 1]!;
      this.candidatePosV[t] = this.candidatePosV[t - 1]!;
      t--;
    }
    this.candidateEstimate[t] = estimate;
    this.candidateU[t] = i;
    this.candidateV[t] = j;
    this.candidatePosU[t] = posU;
    this.candidatePosV[t] = posV;
    return Math.min(count + 1, CANDIDATES);
  }

  /**
   * Jobs of `route` without the one at `leaving`, with `incoming` inserted before index `position`
   * (or in the leaving job's place).
   */
  private build(out: Int32Array, route: Route, leaving: number, incoming: number, position: number): number {
    let length = 0;
    for (let k = 1; k <= route.size + 1; k++) {
      if (k === position) out[length++] = incoming;
      if (k === leaving) {
        if (position === IN_PLACE) out[length++] = incoming;
      } else if (k <= route.size) out[length++] = route.nodes[k]!;
    }
    return length;
  }
}
