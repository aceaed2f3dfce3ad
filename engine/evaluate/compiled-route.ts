import type { ResolvedDriverBreak, ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { Violation } from '../../model/types/violation.js';
import { centroidPull, centroidPullCost } from './centroid-pull.js';
import { jobRouteViolations } from './job-rules.js';
import { JobFigures } from './job-figures.js';
import { loadMetrics, routeCapacities } from './loads.js';
import { violationPenalty } from './penalties.js';
import type { RouteContext } from './route-context.js';
import { routeStaticViolations } from './route-rules.js';
import { routeSettings, type RouteSettings } from './route-settings.js';
import type { TravelTable } from './travel-table.js';

/**
 * One route with a fixed set of candidate jobs in typed arrays (their figures, see JobFigures, and
 * what the route makes of them), so that the schedule of any order of them is computed without
 * allocating (searches price many orders of one route).
 */
export class CompiledRoute extends JobFigures {
  readonly settings: RouteSettings;
  readonly metrics: Map<string, number>;
  readonly staticViolations: Violation[][];
  readonly staticPenalty: Float64Array;
  readonly staticHard: Int32Array;
  /** Route-level violations of a used route that no order changes. */
  readonly routeViolations: Violation[];
  readonly routePenalty: number;
  readonly capacities: Float64Array;
  readonly hasCapacity: boolean;
  readonly carried: Float64Array;
  readonly startPoint: number;
  readonly startKind: 'depot' | 'overnight' | undefined;
  readonly endPoint: number;
  readonly endKind: 'depot' | 'overnight' | undefined;
  readonly speed: number;
  readonly hardWindows: boolean;
  readonly breaks: readonly ResolvedDriverBreak[];
  readonly legalDuration: number;
  readonly legalInterval: number;
  readonly endTime: number;
  readonly maxWorking: number;
  readonly maxDriving: number;
  readonly maxJobs: number;
  readonly normalWorking: number;
  /** The travel of this route's own class (vehicle profile and avoid options). */
  readonly travel: TravelTable;

  /**
   * `figures`: those of `jobs`, in their order, when the caller holds them (see JobFigures); else
   * they are worked out here. The first `violationFree` jobs are known to have no violation on
   * the route whatever the order (the caller asked the rules, see RouteEligibility): their rules
   * are not held against it again.
   */
  constructor(
    readonly problem: ResolvedProblem,
    readonly route: ResolvedRoute,
    readonly jobs: readonly ResolvedJob[],
    problemTravel: TravelTable,
    readonly context: RouteContext = {},
    figures: JobFigures = JobFigures.of(problem, jobs, problemTravel),
    violationFree = 0,
  ) {
    super(
      figures.count,
      figures.metricCount,
      figures.point,
      figures.service,
      figures.windows,
      figures.exitPoint,
      figures.exitService,
      figures.amounts,
      figures.deliveries,
    );
    const travel = problemTravel.forRoute(route);
    this.travel = travel;
    const settings = routeSettings(problem, route);
    this.settings = settings;
    this.metrics = loadMetrics(problem);
    const m = this.metrics.size;
    const n = jobs.length;
    this.staticViolations = [];
    this.staticPenalty = new Float64Array(n);
    this.staticHard = new Int32Array(n);
    const pull = centroidPull(problem, route);
    const none: Violation[] = [];
    jobs.forEach((job, i) => {
      const violations = i < violationFree ? none : jobRouteViolations(problem, job, route, settings, context);
      this.staticViolations.push(violations);
      this.staticHard[i] = violations.length;
      this.staticPenalty[i] = violations.reduce((sum, v) => sum + violationPenalty(v.type), 0);
      if (pull !== undefined) this.staticPenalty[i] += centroidPullCost(pull, job.location!.location);
    });
    this.routeViolations = routeStaticViolations(problem, route, settings, context);
    this.routePenalty = this.routeViolations.reduce((sum, v) => sum + violationPenalty(v.type), 0);
    this.capacities = routeCapacities(route, this.metrics);
    this.hasCapacity = this.capacities.some((c) => c !== Infinity);
    this.carried = context.carriedLoads ?? new Float64Array(m);
    if (context.previousDay !== undefined) {
      this.startPoint = travel.indexOf(context.previousDay.location);
      this.startKind = 'overnight';
    } else {
      const counted = settings.start !== undefined && settings.startStem;
      this.startPoint = counted ? travel.indexOf(settings.start!.location) : -1;
      this.startKind = counted ? 'depot' : undefined;
    }
    if (context.nextDay !== undefined) {
      this.endPoint = -1;
      this.endKind = 'overnight';
    } else {
      const counted = settings.end !== undefined && settings.endStem;
      this.endPoint = counted ? travel.indexOf(settings.end!.location) : -1;
      this.endKind = counted ? 'depot' : undefined;
    }
    this.speed = settings.speedPercentage / 100;
    const critical = problem.settings.critical_violations ?? [];
    this.hardWindows = (problem.settings.time_windows_as_hard_constraint ?? true) || critical.includes('job_missed_time_window');
    this.breaks = settings.breaks;
    // A legal break every 0 s would never end; such settings place no legal breaks.
    const legal = settings.legalBreaks;
    this.legalInterval = legal !== undefined && legal.interval > 0 ? legal.interval : Infinity;
    this.legalDuration = legal?.duration ?? 0;
    this.endTime = settings.endTime ?? Infinity;
    this.maxWorking = settings.maxWorkingTime ?? Infinity;
    this.maxDriving = settings.maxDrivingTime ?? Infinity;
    this.maxJobs = settings.maxJobs ?? Infinity;
    this.normalWorking = settings.normalWorkingTime ?? Infinity;
  }
}
