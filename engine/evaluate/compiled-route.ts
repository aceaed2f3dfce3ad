import type { ResolvedDriverBreak, ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { Violation } from '../../model/types/violation.js';
import { centroidPull, centroidPullCost } from './centroid-pull.js';
import { jobRouteViolations } from './job-rules.js';
import { addJobAmounts, loadMetrics, routeCapacities } from './loads.js';
import { violationPenalty } from './penalties.js';
import type { RouteContext } from './route-context.js';
import { routeStaticViolations } from './route-rules.js';
import { routeSettings, type RouteSettings } from './route-settings.js';
import { jobTimeOnSite, jobTimeWindows } from './time-windows.js';
import type { TravelTable } from './travel-table.js';

/**
 * One route with a fixed set of candidate jobs in typed arrays, so that the schedule of any order
 * of them is computed without allocating (searches price many orders of one route).
 */
export class CompiledRoute {
  readonly settings: RouteSettings;
  readonly metrics: Map<string, number>;
  readonly metricCount: number;
  /** Per candidate job. */
  readonly point: Int32Array;
  readonly service: Float64Array;
  /** Up to two windows per job, sorted: [start0, end0, start1, end1]; NaN when absent. */
  readonly windows: Float64Array;
  readonly exitPoint: Int32Array;
  readonly exitService: Float64Array;
  /** Row-major [job][metric]; negative = pickup. */
  readonly amounts: Float64Array;
  /** Sum of each job's positive amounts per metric: what the vehicle leaves with for it. */
  readonly deliveries: Float64Array;
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

  constructor(
    readonly problem: ResolvedProblem,
    readonly route: ResolvedRoute,
    readonly jobs: readonly ResolvedJob[],
    problemTravel: TravelTable,
    readonly context: RouteContext = {},
  ) {
    const travel = problemTravel.forRoute(route);
    this.travel = travel;
    const settings = routeSettings(problem, route);
    this.settings = settings;
    this.metrics = loadMetrics(problem);
    const m = this.metrics.size;
    this.metricCount = m;
    const n = jobs.length;
    this.point = new Int32Array(n);
    this.service = new Float64Array(n);
    this.windows = new Float64Array(4 * n).fill(NaN);
    this.exitPoint = new Int32Array(n).fill(-1);
    this.exitService = new Float64Array(n);
    this.amounts = new Float64Array(n * m);
    this.deliveries = new Float64Array(n * m);
    this.staticViolations = [];
    this.staticPenalty = new Float64Array(n);
    this.staticHard = new Int32Array(n);
    const pull = centroidPull(problem, route);
    jobs.forEach((job, i) => {
      this.point[i] = travel.indexOf(job.location!.location);
      this.service[i] = jobTimeOnSite(job);
      jobTimeWindows(job).forEach((w, k) => {
        this.windows[4 * i + 2 * k] = w.start;
        this.windows[4 * i + 2 * k + 1] = w.end;
      });
      if (job.exit_location !== undefined) {
        this.exitPoint[i] = travel.indexOf(job.exit_location.location);
        this.exitService[i] = job.exit_time_on_site ?? 0;
      }
      addJobAmounts(job, this.metrics, this.amounts, i * m);
      for (let k = 0; k < m; k++) this.deliveries[i * m + k] = Math.max(0, this.amounts[i * m + k]!);
      const violations = jobRouteViolations(problem, job, route, settings, context);
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
