import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ViolationType } from '../../model/types/violation.js';
import { CompiledRoute } from '../evaluate/compiled-route.js';
import type { JobFigures } from '../evaluate/job-figures.js';
import type { RouteContext } from '../evaluate/route-context.js';
import { resumable, timeRoute, TimelinePrefixes, TimelineResult, type TimelineTrace } from '../evaluate/timeline.js';
import type { TravelTable } from '../evaluate/travel-table.js';

/**
 * The internal cost of one route for any order of a fixed set of candidate jobs, for searches that
 * try many orders. It runs the evaluator's own timeline on the compiled route without building
 * responses, so it prices exactly what `evaluateRoute` prices (a test holds the two equal).
 *
 * With `servable` (indices into `jobs`: those the route may serve without a violation no order
 * avoids; every other job has one) only those are compiled: a route of a plan over many dates then
 * holds its own date's jobs, not every job of the problem. Any other job is compiled the first
 * time an order holds it, and its violations are found when asked for. `figures` (of `jobs`, see
 * JobFigures), when the caller holds them for many routes, are copied instead of worked out again.
 */
export class RouteObjective {
  private compiled: CompiledRoute;
  private readonly result = new TimelineResult();
  /** Hard violations of the order last priced by `cost`. */
  hardViolations = 0;
  /** The position among the compiled jobs of each job (-1: not compiled); absent when all are, in place. */
  private readonly slots: Int32Array | undefined;
  private readonly subset: number[] = [];
  /** How many of the subset's first jobs are `servable`. */
  private readonly servableCount: number = 0;
  /** An order in compiled positions. */
  private local = new Int32Array(0);
  private loads: { order: readonly number[]; length: number; start: Float64Array; end: Float64Array; peak: Float64Array } | undefined;
  /** The first jobs of the order insertions go into, timed (see prepareInsertions). */
  private readonly prefixes = new TimelinePrefixes();

  constructor(
    private readonly problem: ResolvedProblem,
    private readonly route: ResolvedRoute,
    readonly jobs: readonly ResolvedJob[],
    private readonly travel: TravelTable,
    private readonly context: RouteContext = {},
    servable?: readonly number[],
    private readonly figures?: JobFigures,
  ) {
    if (servable !== undefined) {
      this.slots = new Int32Array(jobs.length).fill(-1);
      for (const job of servable) this.slots[job] = this.subset.push(job) - 1;
      this.servableCount = servable.length;
    }
    this.compiled = this.compile();
  }

  private compile(): CompiledRoute {
    if (this.slots === undefined) return new CompiledRoute(this.problem, this.route, this.jobs, this.travel, this.context, this.figures);
    const jobs = this.subset.map((job) => this.jobs[job]!);
    // The servable jobs come first in the subset, and have no violation no order avoids.
    const figures = this.figures?.gather(this.subset);
    return new CompiledRoute(this.problem, this.route, jobs, this.travel, this.context, figures, this.servableCount);
  }

  /** The compiled position of `job`, compiling it first when it is not yet. */
  private slot(job: number): number {
    const slots = this.slots;
    if (slots === undefined) return job;
    if (slots[job]! < 0) {
      slots[job] = this.subset.push(job) - 1;
      this.compiled = this.compile();
    }
    return slots[job]!;
  }

  /** `order[0..length)` in compiled positions. */
  private view(order: ArrayLike<number>, length: number): ArrayLike<number> {
    if (this.slots === undefined) return order;
    if (this.local.length < length) this.local = new Int32Array(2 * length);
    for (let k = 0; k < length; k++) this.local[k] = this.slot(order[k]!);
    return this.local;
  }

  /** Internal cost of visiting `order[0..length)` (indices into `jobs`). */
  cost(order: ArrayLike<number>, length = order.length): number {
    // The view first: it may compile a job the order brings.
    const local = this.view(order, length);
    timeRoute(this.compiled, local, length, this.result);
    this.hardViolations = this.result.hardViolations;
    return this.result.internalCost;
  }

  /**
   * Prepares `insertionCost` for orders that insert `job` into `order` before a position up to
   * `last`: the timeline of the jobs before it is computed once here (when the route leaves at its
   * start time, see TimelinePrefixes), not again for every position tried.
   */
  prepareInsertions(order: readonly number[], job: number, last: number): void {
    // The job's slot first: compiling it makes a new compiled route.
    this.slot(job);
    this.prefixes.count = -1;
    if (resumable(this.compiled)) this.prefixes.time(this.compiled, this.view(order, last), last);
  }

  /**
   * Internal cost of `candidate`, the prepared order with the job inserted before `position`: what
   * `cost(candidate)` answers (hardViolations too), timed from the inserted job on.
   */
  insertionCost(candidate: ArrayLike<number>, position: number): number {
    if (position > this.prefixes.count) return this.cost(candidate);
    const local = this.view(candidate, candidate.length);
    this.prefixes.resume(this.compiled, local, candidate.length, position, this.result);
    this.hardViolations = this.result.hardViolations;
    return this.result.internalCost;
  }

  /** The hard violation types of an order, one entry per violation (what `evaluateRoute` would list). */
  hardViolationTypes(order: ArrayLike<number>, length = order.length): ViolationType[] {
    const trace: TimelineTrace = { stops: [], routeViolations: [] };
    const local = this.view(order, length);
    timeRoute(this.compiled, local, length, this.result, trace);
    this.hardViolations = this.result.hardViolations;
    const types = [...trace.routeViolations, ...trace.stops.flatMap((stop) => stop.violations)].map((violation) => violation.type);
    return this.compiled.hardWindows ? types : types.filter((type) => type !== 'job_missed_time_window');
  }

  /**
   * Where to try inserting `job` into `order` when trying every position costs too much: the
   * `count` positions (0..order.length, insert before that index) with the shortest travel detour,
   * or all of them for a short order. Detours by the table's ranking distance: straight lines where
   * every leg is a search of a road network.
   */
  likelyPositions(given: ArrayLike<number>, candidate: number, count: number): number[] {
    const length = given.length;
    if (length + 1 <= count) return Array.from({ length: length + 1 }, (_, position) => position);
    const job = this.slot(candidate);
    const order = this.view(given, length);
    const route = this.compiled;
    const leg = (from: number, to: number): number => (from < 0 || to < 0 ? 0 : route.travel.rankingDistance(from, to));
    const leaving = (k: number): number => (route.exitPoint[k]! >= 0 ? route.exitPoint[k]! : route.point[k]!);
    const via = route.point[job]!;
    const out = route.exitPoint[job]! >= 0 ? route.exitPoint[job]! : via;
    const chosen: number[] = [];
    const detours: number[] = [];
    for (let position = 0; position <= length; position++) {
      const from = position === 0 ? route.startPoint : leaving(order[position - 1]!);
      const to = position === length ? route.endPoint : route.point[order[position]!]!;
      const detour = leg(from, via) + leg(out, to) - leg(from, to);
      if (chosen.length === count && detour >= detours[count - 1]!) continue;
      let at = Math.min(chosen.length, count - 1);
      while (at > 0 && detours[at - 1]! > detour) {
        detours[at] = detours[at - 1]!;
        chosen[at] = chosen[at - 1]!;
        at--;
      }
      detours[at] = detour;
      chosen[at] = position;
    }
    return chosen;
  }

  /**
   * The hard violations adding `job` to `order` brings wherever it goes, found without trying a
   * position: a load the route would leave or come back with over a capacity that the order's own
   * peak is not over yet, or one job more than the route may take. The loads of the last order
   * asked about are kept: callers ask about many jobs against one plan.
   */
  positionFreeAdditions(order: readonly number[], job: number): ViolationType[] {
    // The slot first: it may compile the job, and with it a new compiled route.
    const slot = this.slot(job);
    const route = this.compiled;
    const added: ViolationType[] = [];
    if (order.length + 1 > route.maxJobs && order.length <= route.maxJobs) added.push('route_max_jobs_exceeded');
    if (!route.hasCapacity) return added;
    const loads = this.orderLoads(order);
    const m = route.metricCount;
    for (let k = 0; k < m; k++) {
      const capacity = route.capacities[k]! + 1e-9;
      const delivered = route.deliveries[slot * m + k]!;
      const leaves = loads.start[k]! + delivered;
      const returns = loads.end[k]! + delivered - route.amounts[slot * m + k]!;
      if (loads.peak[k]! <= capacity && Math.max(leaves, returns) > capacity) {
        added.push('route_over_capacity');
        break;
      }
    }
    return added;
  }

  /** Per metric: the load `order` leaves with, comes back with, and its peak (as the timeline counts them). */
  private orderLoads(order: readonly number[]): { start: Float64Array; end: Float64Array; peak: Float64Array } {
    if (this.loads?.order === order && this.loads.length === order.length) return this.loads;
    const route = this.compiled;
    const m = route.metricCount;
    const local = Array.from(this.view(order, order.length));
    const start = new Float64Array(m);
    const end = new Float64Array(m);
    const peak = new Float64Array(m);
    for (let k = 0; k < m; k++) {
      let load = route.carried[k]!;
      for (const job of local) load += route.deliveries[job * m + k]!;
      start[k] = load;
      let highest = load;
      for (const job of local) {
        load -= route.amounts[job * m + k]!;
        highest = Math.max(highest, load);
      }
      end[k] = load;
      peak[k] = highest;
    }
    this.loads = { order, length: order.length, start, end, peak };
    return this.loads;
  }

  /** Whether a candidate job has a hard violation on this route wherever it goes (dates, attributes, drivers, zones). */
  refuses(job: number): boolean {
    const slot = this.slots === undefined ? job : this.slots[job]!;
    // Only servable jobs and those an order brought are compiled: any other is refused.
    return slot < 0 || this.compiled.staticHard[slot]! > 0;
  }
}
