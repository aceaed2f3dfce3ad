import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { jobTimeOnSite, jobTimeWindows } from '../evaluate/evaluate-route.js';
import { violationPenalty } from '../evaluate/penalties.js';
import { routeSettings } from '../evaluate/route-settings.js';
import type { TravelTable } from '../evaluate/travel-table.js';

/**
 * The internal cost of one route for any order of a fixed set of candidate jobs, on typed arrays,
 * for searches that try many orders. It prices exactly what `evaluateRoute` prices (a test holds
 * the two equal), without building responses.
 */
export class RouteObjective {
  private readonly point: Int32Array;
  private readonly service: Float64Array;
  /** Up to two windows per job, sorted; NaN when absent. */
  private readonly windowStart: Float64Array;
  private readonly windowEnd: Float64Array;
  private readonly start: number;
  private readonly end: number;
  private readonly startTime: number;
  private readonly endTime: number;
  private readonly speed: number;
  private readonly costPerMeter: number;
  private readonly costPerSecond: number;
  private readonly fixedCost: number;
  private readonly hardWindows: boolean;
  /** Hard violations of the order last priced by `cost`. */
  hardViolations = 0;

  constructor(
    problem: ResolvedProblem,
    route: ResolvedRoute,
    readonly jobs: readonly ResolvedJob[],
    private readonly travel: TravelTable,
  ) {
    const settings = routeSettings(problem, route);
    const n = jobs.length;
    this.point = new Int32Array(n);
    this.service = new Float64Array(n);
    this.windowStart = new Float64Array(2 * n).fill(NaN);
    this.windowEnd = new Float64Array(2 * n).fill(NaN);
    jobs.forEach((job, i) => {
      this.point[i] = travel.indexOf(job.location!.location);
      this.service[i] = jobTimeOnSite(job);
      [...jobTimeWindows(job)].sort((a, b) => a.start - b.start).forEach((w, k) => {
        this.windowStart[2 * i + k] = w.start;
        this.windowEnd[2 * i + k] = w.end;
      });
    });
    this.start = settings.start && settings.startStem ? travel.indexOf(settings.start.location) : -1;
    this.end = settings.end && settings.endStem ? travel.indexOf(settings.end.location) : -1;
    this.startTime = settings.startTime;
    this.endTime = settings.endTime ?? Infinity;
    this.speed = settings.speedPercentage / 100;
    this.costPerMeter = settings.costPerKm / 1000;
    this.costPerSecond = settings.costPerHour / 3600;
    this.fixedCost = settings.fixedCost;
    this.hardWindows = problem.settings.time_windows_as_hard_constraint ?? true;
  }

  /** Internal cost of visiting `order[0..length)` (indices into `jobs`). */
  cost(order: ArrayLike<number>, length = order.length): number {
    this.hardViolations = 0;
    if (length === 0) return 0;
    let time = this.startTime;
    let distance = 0;
    let penalty = 0;
    let previous = this.start;
    for (let k = 0; k < length; k++) {
      const job = order[k]!;
      const here = this.point[job]!;
      if (previous >= 0) {
        distance += this.travel.distance(previous, here);
        time += this.travel.duration(previous, here) / this.speed;
      }
      const s0 = this.windowStart[2 * job]!;
      if (!Number.isNaN(s0)) {
        const e0 = this.windowEnd[2 * job]!;
        const e1 = this.windowEnd[2 * job + 1]!;
        if (time <= e0) time = Math.max(time, s0);
        else if (!Number.isNaN(e1) && time <= e1) time = Math.max(time, this.windowStart[2 * job + 1]!);
        else {
          penalty += violationPenalty('job_missed_time_window', time - (Number.isNaN(e1) ? e0 : Math.max(e0, e1)), this.hardWindows);
          if (this.hardWindows) this.hardViolations++;
        }
      }
      time += this.service[job]!;
      previous = here;
    }
    if (this.end >= 0) {
      distance += this.travel.distance(previous, this.end);
      time += this.travel.duration(previous, this.end) / this.speed;
    }
    if (time > this.endTime) {
      penalty += violationPenalty('route_end_time_missed', time - this.endTime, true);
      this.hardViolations++;
    }
    return distance * this.costPerMeter + (time - this.startTime) * this.costPerSecond + this.fixedCost + penalty;
  }
}
