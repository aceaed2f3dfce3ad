import type { Random } from '../structures/prng.js';
import type { Route } from '../structures/route.js';
import type { Solution } from '../structures/solution.js';
import type { Deadline } from './deadline.js';
import type { MoveEvaluator } from './move-evaluator.js';
import { NearChanges } from './near-changes.js';
import type { Neighbourhood } from './neighbourhood.js';
import { OrOpt } from './operators/or-opt.js';
import { Relocate } from './operators/relocate.js';
import { Swap } from './operators/swap.js';
import { SwapStar } from './operators/swap-star.js';
import { TwoOpt } from './operators/two-opt.js';
import { TwoOptStar } from './operators/two-opt-star.js';
import { SettledRoutes } from './settled-routes.js';
import { windowsDiffer } from './windows-differ.js';

/**
 * Plans from this size get the regional search with priced violations. Over the whole plan that
 * search cost many times the strict one it follows on 1,000 jobs (low penalties let it rework every
 * route) and almost never ended feasible and cheaper there (r1_10_2: 26 of 26 times not); regional,
 * the search did 35 times the iterations in the same time and ended 4.7 % cheaper. On Solomon's
 * 100 jobs it cost little and, regional, ended up to 2 % dearer at equal iterations.
 */
const REGIONAL_FROM_JOBS = 200;

/** Work done by a local search since it was made: what its cost grows with. */
export interface LocalSearchWork {
  runs: number;
  /** Routes a run started from: changed since the last strict local optimum, or touched by the run before. */
  changedRoutes: number;
  /** Jobs whose neighbours a pass read (the others had no route near them changed since their last examination). */
  jobsExamined: number;
  /** Runs abandoned above their bound after the job moves. */
  abandoned: number;
  /** Strict runs stopped because every route was back as at the last strict local optimum. */
  returned: number;
  /** Job pairs handed to the operators. */
  jobPairs: number;
  /** Route pairs handed to SWAP*. */
  routePairs: number;
}

/**
 * First-improvement local search over granular neighbourhoods until no operator improves.
 * A pair (u, v) is re-examined only if one of the two routes changed since u was last examined
 * (HGS-style timestamps), so later passes cost a fraction of the first. A strict run (violations
 * infeasible) starts from the routes that differ from the last strict local optimum it reached: the
 * others count as examined, so after a ruin and recreate the search works around the routes it changed
 * instead of over the whole plan. A strict run that brings every route back to that optimum stops
 * there: no move can improve it, and the rest of the run would only confirm so. On plans of REGIONAL_FROM_JOBS jobs or more, a run that prices
 * violations (finite penalties) is regional: it moves only jobs of the routes the run before it
 * started from or changed (they may go to any route), so it crosses infeasible plans around the
 * latest changes.
 */
export class LocalSearch {
  private readonly relocate: Relocate;
  private readonly swap: Swap;
  private readonly orOpt: OrOpt;
  private readonly twoOptStar: TwoOptStar;
  private readonly twoOpt: TwoOpt;
  /**
   * Null on plans whose jobs' windows differ. SWAP* picks its exchanges by distance, and there the
   * windows forbid almost all of them once the job moves have converged: of the exchanges it priced
   * exactly, 8 of 156,741 improved on r2_10_1 (1,500 iterations), 8 of 138,274 on r1_4_1, 2 of
   * 107,249 on rc2_4_1, 148 of 98,919 on rc1_10_1 (3,000 iterations), none in penalised runs,
   * against 1,740 of 17,464 on X-n513 without windows. It took 45 % of the CPU on r2_10_1. Tuning
   * split, process CPU, 1 thread, against SWAP* everywhere (runs without it in strict runs only and
   * without it at all, which differ only by chance): G&H 400 r1/r2/rc1/rc2 `_4_1` at 30 s, seeds
   * 1-2, -0.06 % (16 runs, 10 cheaper) with 20-40 % more iterations; G&H 1000 `_10_1` at 60 s, -0.16 %
   * (16 runs, 12 cheaper; rc1 -0.2 to -0.7 %, rc2 even) with 45 % (r1, rc1) to 140 % (r2, rc2) more.
   */
  private readonly swapStar: SwapStar | null;
  private readonly order: Int32Array;
  private readonly routeChangedAt: Int32Array;
  private readonly jobTestedAt: Int32Array;
  /**
   * Per route pair: when SWAP* last examined it. Not cleared between runs: an entry older than the
   * current run counts as examined just before it (`runStart` - 1). With a slot per job (an
   * unbounded fleet) the table has jobs² entries, and clearing it on every run was 7 % of the CPU
   * of a search on X-n895.
   */
  private readonly pairTestedAt: Int32Array;
  private runStart = 0;
  /** Per job: when SWAP* last examined the route pairs of its neighbours. */
  private readonly swapTestedAt: Int32Array;
  private readonly near: NearChanges;
  private readonly settled: SettledRoutes;
  /**
   * Per route slot, during a strict run: 1 while the route differs from the remembered optimum.
   * `apartCount` counts them, or is -1 when the run does not compare (penalised, or none remembered).
   */
  private readonly apart: Uint8Array;
  private apartCount = -1;
  /** Per route slot: 1 when the last run started from it or changed it. */
  private readonly touched: Uint8Array;
  private touchedKnown = false;
  private readonly regionalPenalised: boolean;
  /** Whether the current run moves only jobs of the routes the run before it touched. */
  private regional = false;
  private clock = 0;
  readonly work: LocalSearchWork = { runs: 0, changedRoutes: 0, abandoned: 0, returned: 0, jobsExamined: 0, jobPairs: 0, routePairs: 0 };

  constructor(
    private readonly evaluator: MoveEvaluator,
    private readonly neighbourhood: Neighbourhood,
    private readonly random: Random,
  ) {
    this.relocate = new Relocate(evaluator);
    this.swap = new Swap(evaluator);
    this.orOpt = new OrOpt(evaluator);
    this.twoOptStar = new TwoOptStar(evaluator);
    this.twoOpt = new TwoOpt(evaluator);
    const instance = evaluator.model.instance;
    this.swapStar = windowsDiffer(instance) ? null : new SwapStar(evaluator);
    this.order = Int32Array.from(instance.jobs);
    const slots = evaluator.model.slotType.length;
    this.routeChangedAt = new Int32Array(slots);
    this.jobTestedAt = new Int32Array(instance.nodeCount);
    this.pairTestedAt = new Int32Array(slots * slots);
    this.swapTestedAt = new Int32Array(instance.nodeCount);
    this.near = new NearChanges(neighbourhood, instance.nodeCount);
    this.settled = new SettledRoutes(slots);
    this.apart = new Uint8Array(slots);
    this.touched = new Uint8Array(slots);
    this.regionalPenalised = instance.jobs.length >= REGIONAL_FROM_JOBS;
  }

  /**
   * Whether moves may leave a route empty from now on (see MoveEvaluator.keepsRoutes). A local
   * optimum reached while routes were kept may not be one once they may merge, so the remembered
   * optimum is forgotten on every change.
   */
  keepRoutes(keep: boolean): void {
    if (this.evaluator.keepsRoutes === keep) return;
    this.evaluator.keepsRoutes = keep;
    this.settled.forget();
  }

  /**
   * Runs to a local optimum; true unless abandoned. With `abandonAbove`, the run first applies job
   * moves alone until none improves, and abandons the plan (returns false) when it then costs more
   * than that: SWAP*, where it runs, is most of a search's time on big plans, and on a candidate that job moves leave
   * far above what the caller would accept it rarely changes the verdict. With `firstPassAbove`
   * (at least `abandonAbove`) it abandons the plan already when the first pass of job moves leaves
   * it above that: the first pass takes most of what the moves will gain.
   */
  run(solution: Solution, deadline: Deadline, abandonAbove = Infinity, firstPassAbove = Infinity): boolean {
    this.clock++;
    const start = this.clock;
    this.work.runs++;
    const [warp, load] = solution.model.penalties;
    const penalised = warp < Infinity || load < Infinity;
    // The region is the routes the last run touched; `touched` is rewritten only after the loops.
    this.regional = penalised && this.touchedKnown && this.regionalPenalised;
    if (this.regional) this.work.changedRoutes += this.stampTouched(start - 1, start);
    else if (penalised) this.work.changedRoutes += this.routeChangedAt.fill(start).length;
    else this.work.changedRoutes += this.settled.stamp(solution, this.routeChangedAt, start - 1, start);
    this.compareWithSettled(!penalised, start);
    this.jobTestedAt.fill(start - 1);
    this.runStart = start;
    this.swapTestedAt.fill(start - 1);
    this.stampNear(solution, start);
    if (abandonAbove < Infinity) {
      let passes = 0;
      while (!deadline.expired() && !this.returned && this.jobPass(solution)) if (++passes === 1 && solution.cost > firstPassAbove) break;
      if (solution.cost > abandonAbove) {
        this.work.abandoned++;
        this.recordTouched(start);
        return false;
      }
    }
    let improved = true;
    while (improved && !deadline.expired() && !this.returned) {
      const moved = this.jobPass(solution);
      if (deadline.expired()) return true;
      improved = (this.swapStar !== null && this.routePass(solution, this.swapStar)) || moved;
    }
    if (!improved && !penalised) this.settled.remember(solution);
    this.recordTouched(start);
    return true;
  }

  /** One pass of the job moves in a new random order; true when one improved. */
  private jobPass(solution: Solution): boolean {
    const { k, neighbours } = this.neighbourhood;
    let improved = false;
    this.random.shuffle(this.order);
    for (const u of this.order) {
      if (solution.routeOf[u]! < 0 || (this.regional && this.touched[solution.routeOf[u]!] === 0)) continue;
      const testedAt = this.jobTestedAt[u]!;
      this.jobTestedAt[u] = this.clock;
      if (this.near.at[u]! <= testedAt) continue;
      this.work.jobsExamined++;
      for (let t = 0; t < k; t++) {
        const v = neighbours[u * k + t]!;
        const routeU = solution.routeOf[u]!;
        const routeV = solution.routeOf[v]!;
        if (routeV < 0) continue;
        if (Math.max(this.routeChangedAt[routeU]!, this.routeChangedAt[routeV]!) <= testedAt) continue;
        this.work.jobPairs++;
        if (this.tryOperators(solution, u, v)) {
          this.changed(solution, routeU, routeV);
          if (this.returned) return true;
          improved = true;
        }
      }
    }
    return improved;
  }

  /**
   * The job moves in a fixed order, the first that improves applied. Called by name rather than
   * through a list of operators, so that each call site sees one class and the engine can inline it.
   */
  private tryOperators(solution: Solution, u: number, v: number): boolean {
    return (
      this.relocate.tryMove(solution, u, v) ||
      this.swap.tryMove(solution, u, v) ||
      this.orOpt.tryMove(solution, u, v) ||
      this.twoOptStar.tryMove(solution, u, v) ||
      this.twoOpt.tryMove(solution, u, v)
    );
  }

  /** One pass of SWAP* over the route pairs of neighbouring jobs, in the last job pass's order; true when one improved. */
  private routePass(solution: Solution, swapStar: SwapStar): boolean {
    const { k, neighbours } = this.neighbourhood;
    const slots = this.routeChangedAt.length;
    let improved = false;
    for (const u of this.order) {
      const routeU = solution.routeOf[u]!;
      if (routeU < 0 || (this.regional && this.touched[routeU] === 0)) continue;
      const testedAt = this.swapTestedAt[u]!;
      this.swapTestedAt[u] = this.clock;
      if (this.near.at[u]! <= testedAt) continue;
      this.work.jobsExamined++;
      for (let t = 0; t < k; t++) {
        const routeV = solution.routeOf[neighbours[u * k + t]!]!;
        if (routeV < 0 || routeV === routeU) continue;
        const pair = routeU < routeV ? routeU * slots + routeV : routeV * slots + routeU;
        const pairTestedAt = Math.max(this.pairTestedAt[pair]!, this.runStart - 1);
        if (Math.max(this.routeChangedAt[routeU]!, this.routeChangedAt[routeV]!) <= pairTestedAt) continue;
        this.pairTestedAt[pair] = this.clock;
        this.work.routePairs++;
        if (swapStar.tryRoutes(solution, solution.routes[routeU]!, solution.routes[routeV]!)) {
          this.changed(solution, routeU, routeV);
          improved = true;
        }
      }
    }
    return improved;
  }

  /** Marks the routes the run started from or changed, for the next regional search. */
  private recordTouched(start: number): void {
    for (let r = 0; r < this.touched.length; r++) this.touched[r] = this.routeChangedAt[r]! >= start ? 1 : 0;
    this.touchedKnown = true;
  }

  /** Records a move between `routeU` and `routeV` (possibly the same route) at a new time. */
  private changed(solution: Solution, routeU: number, routeV: number): void {
    this.clock++;
    this.routeChangedAt[routeU] = this.clock;
    this.routeChangedAt[routeV] = this.clock;
    this.near.changed(solution.routes[routeU]!, this.clock);
    if (routeV !== routeU) this.near.changed(solution.routes[routeV]!, this.clock);
    if (this.apartCount < 0) return;
    this.compareRoute(solution.routes[routeU]!);
    if (routeV !== routeU) this.compareRoute(solution.routes[routeV]!);
    if (this.returned) this.work.returned++;
  }

  /** Whether the run has brought every route back to the remembered optimum. */
  private get returned(): boolean {
    return this.apartCount === 0;
  }

  /**
   * Starts tracking which routes differ from the remembered optimum (those stamped `start`), in a
   * strict run when one is remembered.
   */
  private compareWithSettled(strict: boolean, start: number): void {
    if (!strict || !this.settled.isKnown) {
      this.apartCount = -1;
      return;
    }
    this.apartCount = 0;
    for (let r = 0; r < this.apart.length; r++) {
      this.apart[r] = this.routeChangedAt[r] === start ? 1 : 0;
      this.apartCount += this.apart[r]!;
    }
    if (this.returned) this.work.returned++;
  }

  private compareRoute(route: Route): void {
    const apart = this.settled.holds(route) ? 0 : 1;
    this.apartCount += apart - this.apart[route.slot]!;
    this.apart[route.slot] = apart;
  }

  /** Stamps the jobs near a route that changed before the run (`routeChangedAt` = start) with start, the others as tested. */
  private stampNear(solution: Solution, start: number): void {
    this.near.reset(start - 1);
    for (const route of solution.routes) if (this.routeChangedAt[route.slot] === start) this.near.changed(route, start);
  }

  /** Stamps the routes the last run touched as changed and the others as settled; returns how many changed. */
  private stampTouched(settled: number, changed: number): number {
    let count = 0;
    for (let r = 0; r < this.touched.length; r++) {
      this.routeChangedAt[r] = this.touched[r] === 1 ? changed : settled;
      count += this.touched[r]!;
    }
    return count;
  }
}
