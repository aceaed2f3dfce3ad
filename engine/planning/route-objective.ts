import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ViolationType } from '../../model/types/violation.js';
import { CompiledRoute } from '../evaluate/compiled-route.js';
import type { RouteContext } from '../evaluate/route-context.js';
import { timeRoute, TimelineResult, type TimelineTrace } from '../evaluate/timeline.js';
import type { TravelTable } from '../evaluate/travel-table.js';

/**
 * The internal cost of one route for any order of a fixed set of candidate jobs, for searches that
 * try many orders. It runs the evaluator's own timeline on the compiled route without building
 * responses, so it prices exactly what `evaluateRoute` prices (a test holds the two equal).
 */
export class RouteObjective {
  private readonly compiled: CompiledRoute;
  private readonly result = new TimelineResult();
  /** Hard violations of the order last priced by `cost`. */
  hardViolations = 0;

  constructor(
    problem: ResolvedProblem,
    route: ResolvedRoute,
    readonly jobs: readonly ResolvedJob[],
    travel: TravelTable,
    context: RouteContext = {},
  ) {
    this.compiled = new CompiledRoute(problem, route, jobs, travel, context);
  }

  /** Internal cost of visiting `order[0..length)` (indices into `jobs`). */
  cost(order: ArrayLike<number>, length = order.length): number {
    timeRoute(this.compiled, order, length, this.result);
    this.hardViolations = this.result.hardViolations;
    return this.result.internalCost;
  }

  /** The hard violation types of an order, one entry per violation (what `evaluateRoute` would list). */
  hardViolationTypes(order: ArrayLike<number>, length = order.length): ViolationType[] {
    const trace: TimelineTrace = { stops: [], routeViolations: [] };
    timeRoute(this.compiled, order, length, this.result, trace);
    this.hardViolations = this.result.hardViolations;
    const types = [...trace.routeViolations, ...trace.stops.flatMap((stop) => stop.violations)].map((violation) => violation.type);
    return this.compiled.hardWindows ? types : types.filter((type) => type !== 'job_missed_time_window');
  }

  /**
   * Where to try inserting `job` into `order` when trying every position costs too much: the
   * `count` positions (0..order.length, insert before that index) with the shortest travel detour,
   * or all of them for a short order.
   */
  likelyPositions(order: ArrayLike<number>, job: number, count: number): number[] {
    const length = order.length;
    if (length + 1 <= count) return Array.from({ length: length + 1 }, (_, position) => position);
    const route = this.compiled;
    const leg = (from: number, to: number): number => (from < 0 || to < 0 ? 0 : route.travel.distance(from, to));
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

  /** Hard violations a candidate job has on this route wherever it goes (dates, attributes, drivers, zones). */
  placementViolations(job: number): number {
    return this.compiled.staticHard[job]!;
  }

  /** The types of those violations, with the route-level ones any used route has (e.g. no vehicle). */
  placementViolationTypes(job: number): ViolationType[] {
    return [...this.compiled.staticViolations[job]!, ...this.compiled.routeViolations].map((violation) => violation.type);
  }
}
