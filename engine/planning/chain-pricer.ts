import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { Violation, ViolationType } from '../../model/types/violation.js';
import { CompiledRoute } from '../evaluate/compiled-route.js';
import { walkChain } from '../evaluate/multiday.js';
import type { RouteContext } from '../evaluate/route-context.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import { timeRoute, TimelineResult, type TimelineTrace } from '../evaluate/timeline.js';
import type { TravelTable } from '../evaluate/travel-table.js';

/** Job orders of a multi-day chain (a single route is a chain of one day): indices into problem.jobs, one list per day. */
export type ChainOrders = readonly (readonly number[])[];

/** The evaluator's totals of a chain, summed over its days. */
export interface ChainPrice {
  internalCost: number;
  cost: number;
  distance: number;
  working: number;
  /** Every violation, hard or soft. */
  violations: number;
  hard: number;
}

export function zeroPrice(): ChainPrice {
  return { internalCost: 0, cost: 0, distance: 0, working: 0, violations: 0, hard: 0 };
}

function addResult(total: ChainPrice, result: TimelineResult): void {
  total.internalCost += result.internalCost;
  total.cost += result.cost;
  total.distance += result.distance;
  total.working += result.working;
  total.violations += result.violations;
  total.hard += result.hardViolations;
}

/** The hard violations of a traced timeline (missed windows are soft when settings say so). */
function hardOnes(compiled: CompiledRoute, trace: TimelineTrace): Violation[] {
  const violations = [...trace.routeViolations, ...trace.stops.flatMap((stop) => stop.violations)];
  return compiled.hardWindows ? violations : violations.filter((violation) => violation.type !== 'job_missed_time_window');
}

/** A route compiled as a day of its own over its own jobs and the candidates, and where each job of the problem sits in it. */
interface AloneRoute {
  compiled: CompiledRoute;
  /** problem.jobs index → candidate index of `compiled`; -1 for a job it does not hold. */
  local: Int32Array;
}

/**
 * Prices job orders of whole chains with the evaluator's own timeline core, as `evaluateProblem`
 * does: a day of a chain starts where the day before it slept and carries the chain's load, so a
 * chain is priced day by day. A route on its own is compiled once, over its own jobs and the
 * `candidates` (jobs that may be placed anywhere; default every job of the problem), so those can
 * be priced anywhere on it without compiling again.
 */
export class ChainPricer {
  private readonly alone = new Map<ResolvedRoute, AloneRoute>();
  private readonly result = new TimelineResult();
  private readonly scratch: number[] = [];
  private indexOf: Map<ResolvedJob, number> | undefined;

  constructor(
    readonly problem: ResolvedProblem,
    private readonly travel: TravelTable,
    private readonly candidates?: readonly number[],
  ) {}

  private aloneRoute(route: ResolvedRoute): AloneRoute {
    let found = this.alone.get(route);
    if (found === undefined) {
      const jobs = this.problem.jobs;
      const local = new Int32Array(jobs.length).fill(-1);
      const held: ResolvedJob[] = [];
      const hold = (job: number): void => {
        if (local[job]! >= 0) return;
        local[job] = held.length;
        held.push(jobs[job]!);
      };
      if (this.candidates === undefined) jobs.forEach((_, job) => hold(job));
      else {
        this.indexOf ??= new Map(jobs.map((job, index) => [job, index]));
        for (const job of routeJobs(route)) hold(this.indexOf.get(job)!);
        for (const job of this.candidates) hold(job);
      }
      found = { compiled: new CompiledRoute(this.problem, route, held, this.travel), local };
      this.alone.set(route, found);
    }
    return found;
  }

  /** `order` (problem.jobs indices) as candidate indices of the route's own compilation. */
  private localOrder(alone: AloneRoute, order: readonly number[]): number[] {
    const out = this.scratch;
    out.length = order.length;
    for (let k = 0; k < order.length; k++) {
      const local = alone.local[order[k]!]!;
      if (local < 0) throw new Error(`job ${order[k]} is neither on route ${alone.compiled.route.id} nor a candidate`);
      out[k] = local;
    }
    return out;
  }

  /** The violations a job has on a route of its own wherever it goes (dates, attributes, drivers, zones). */
  staticViolations(route: ResolvedRoute, job: number): readonly Violation[] {
    const alone = this.aloneRoute(route);
    return alone.compiled.staticViolations[this.localOrder(alone, [job])[0]!]!;
  }

  /** Route-level violations of the route once it serves anything (no vehicle, vehicle's driver attributes). */
  routeViolations(route: ResolvedRoute): readonly Violation[] {
    return this.aloneRoute(route).compiled.routeViolations;
  }

  /** The hard violations of `job` alone on `route` as a day of its own, as the evaluator lists them. */
  aloneHardViolations(route: ResolvedRoute, job: number): Violation[] {
    const alone = this.aloneRoute(route);
    const trace: TimelineTrace = { stops: [], routeViolations: [] };
    timeRoute(alone.compiled, this.localOrder(alone, [job]), 1, this.result, trace);
    return hardOnes(alone.compiled, trace);
  }

  price(chain: readonly ResolvedRoute[], orders: ChainOrders): ChainPrice {
    const total = zeroPrice();
    this.walk(chain, orders, (compiled, order) => {
      timeRoute(compiled, order, order.length, this.result);
      addResult(total, this.result);
    });
    return total;
  }

  /** The hard violation types of a chain's orders, one entry per violation (what the evaluator lists). */
  hardViolationTypes(chain: readonly ResolvedRoute[], orders: ChainOrders): ViolationType[] {
    const types: ViolationType[] = [];
    this.walk(chain, orders, (compiled, order) => {
      const trace: TimelineTrace = { stops: [], routeViolations: [] };
      timeRoute(compiled, order, order.length, this.result, trace);
      types.push(...hardOnes(compiled, trace).map((violation) => violation.type));
    });
    return types;
  }

  /** Calls `visit` with each day compiled in its context and its order as candidate indices of that compilation. */
  private walk(
    chain: readonly ResolvedRoute[],
    orders: ChainOrders,
    visit: (compiled: CompiledRoute, order: ArrayLike<number>) => void,
  ): void {
    if (chain.length === 1) {
      const alone = this.aloneRoute(chain[0]!);
      visit(alone.compiled, this.localOrder(alone, orders[0]!));
      return;
    }
    const jobs = this.problem.jobs;
    const days = orders.map((order) => order.map((job) => jobs[job]!));
    let day = 0;
    walkChain(this.problem, chain, days, (route: ResolvedRoute, context: RouteContext): readonly ResolvedJob[] => {
      const dayJobs = days[day++]!;
      visit(new CompiledRoute(this.problem, route, dayJobs, this.travel, context), Int32Array.from(dayJobs.keys()));
      return dayJobs;
    });
  }
}
