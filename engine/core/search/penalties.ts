import type { RouteModel } from '../route-model.js';
import { SEG_LOAD, SEGMENT_STRIDE } from '../structures/segment.js';
import type { Solution } from '../structures/solution.js';
import { LARGE_PLAN_JOBS } from './large-plan.js';

/**
 * Share of penalised local searches that should end free of each violation. Below it the penalty
 * grows, above it the penalty shrinks, as hybrid genetic search (Vidal 2012) and PyVRP adapt theirs.
 */
const TARGET_FEASIBLE = 0.65;
const TARGET_BAND = 0.05;
/** Local-search outcomes registered between two penalty updates. */
const UPDATE_EVERY = 10;
/**
 * The same on plans of LARGE_PLAN_JOBS jobs or more: every outcome. A run there polishes only a few
 * new bests per second (about 100 in 20 s of CPU on r2_10_1), so at 10 per update the penalties
 * moved a handful of times a run and stayed too low: 28 of 30 penalised searches on r2_10_1 (21 of
 * 22 on rc2_10_1) ended infeasible and needed the repair pass. Updated per outcome, the INCREASE and
 * DECREASE steps balance at about 62 % feasible outcomes. Tuning split, against 10 per update: 20 s
 * of CPU, G&H 1000 `*_10_1` r1/r2/rc1/rc2 (14 runs, seeds 1-4) -0.29 % (rc2 better in 4 of 4),
 * X-n749/856/895 (8 runs) -0.15 %; 10 s of CPU, seeds 1-2, G&H 400 `*_4_1` -0.06 % (rc1 +1.46 and
 * -0.86 %), X-n513/561/655 -0.20 %.
 */
const LARGE_PLAN_UPDATE_EVERY = 1;
const INCREASE = 1.3;
const DECREASE = 0.85;
/** Penalties stay within these multiples of their start, so neither vanishes nor overflows. */
const MIN_FACTOR = 1e-3;
const MAX_FACTOR = 1e5;

/**
 * Adaptive costs per unit of time warp and of excess load. They start at the price of the
 * distance the violation would take to avoid (the mean arc's cost per unit of its travel time,
 * per unit of a mean job's demand) and move so that about TARGET_FEASIBLE of the penalised local searches end
 * feasible: high enough that the search keeps returning to feasible plans, low enough that it
 * crosses infeasible ones between them.
 */
export class Penalties {
  private warp: number;
  private load: number;
  private readonly initialWarp: number;
  private readonly initialLoad: number;
  private registered = 0;
  private withoutWarp = 0;
  private withoutExcess = 0;
  private readonly updateEvery: number;

  /** Whether any route could violate a window or a capacity at all (else a penalised search repeats the strict one). */
  readonly bind: boolean;

  constructor(
    private readonly model: RouteModel,
    initialWarp: number,
    initialLoad: number,
  ) {
    const instance = model.instance;
    const finite = (values: Float64Array): boolean => values.some(Number.isFinite);
    const windowsBind = model.lateCost === 0 && (finite(instance.timeWindowEnd) || finite(instance.shiftEnd));
    this.bind = windowsBind || finite(instance.capacity);
    this.initialWarp = initialWarp;
    this.initialLoad = initialLoad;
    this.warp = initialWarp;
    this.load = initialLoad;
    this.updateEvery = instance.jobs.length >= LARGE_PLAN_JOBS ? LARGE_PLAN_UPDATE_EVERY : UPDATE_EVERY;
  }

  /** Start values from a (feasible) solution's arcs and loads. */
  static forSolution(solution: Solution): Penalties {
    const model = solution.model;
    const instance = model.instance;
    const n = instance.nodeCount;
    let arcs = 0;
    let cost = 0;
    let travel = 0;
    let demand = 0;
    let jobs = 0;
    for (const route of solution.routes) {
      if (route.size === 0) continue;
      cost += route.cost;
      arcs += route.size + 1;
      jobs += route.size;
      for (let i = 0; i <= route.size; i++) travel += instance.duration[route.nodes[i]! * n + route.nodes[i + 1]!]!;
      const o = (route.size + 1) * SEGMENT_STRIDE;
      for (let d = 0; d < model.dims; d++) demand += route.prefix[o + SEG_LOAD + d]!;
    }
    const meanArc = arcs > 0 && cost > 0 ? cost / arcs : 1;
    const warp = travel > 0 ? (meanArc * arcs) / travel : meanArc;
    const load = demand > 0 ? (meanArc * jobs) / demand : meanArc;
    return new Penalties(model, warp, load);
  }

  /** Makes the model price violations with the current penalties. */
  apply(): void {
    this.model.setPenalties(this.warp, this.load);
  }

  /** Makes violations hard constraints again. */
  withdraw(): void {
    this.model.setPenalties(Infinity, Infinity);
  }

  /** Makes the model price violations `factor` times higher until the next `apply` (to repair a plan). */
  boost(factor: number): void {
    this.model.setPenalties(this.warp * factor, this.load * factor);
  }

  /**
   * Counts an outcome; every UPDATE_EVERY outcomes (LARGE_PLAN_UPDATE_EVERY on large plans) adapts
   * the penalties and, when they moved, applies them and returns true (costs computed before are
   * then stale).
   */
  register(hasTimeWarp: boolean, hasExcessLoad: boolean): boolean {
    this.registered++;
    if (!hasTimeWarp) this.withoutWarp++;
    if (!hasExcessLoad) this.withoutExcess++;
    if (this.registered < this.updateEvery) return false;
    const warp = adapt(this.warp, this.withoutWarp / this.registered, this.initialWarp);
    const load = adapt(this.load, this.withoutExcess / this.registered, this.initialLoad);
    this.registered = 0;
    this.withoutWarp = 0;
    this.withoutExcess = 0;
    if (warp === this.warp && load === this.load) return false;
    this.warp = warp;
    this.load = load;
    this.apply();
    return true;
  }
}

function adapt(penalty: number, feasibleShare: number, initial: number): number {
  let next = penalty;
  if (feasibleShare < TARGET_FEASIBLE - TARGET_BAND) next = penalty * INCREASE;
  else if (feasibleShare > TARGET_FEASIBLE + TARGET_BAND) next = penalty * DECREASE;
  return Math.min(initial * MAX_FACTOR, Math.max(initial * MIN_FACTOR, next));
}
