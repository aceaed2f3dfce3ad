import type { ResolvedJob, ResolvedProblem } from '../../model/resolve.js';
import { addJobAmounts, loadMetrics } from './loads.js';
import { jobTimeOnSite, jobTimeWindows } from './time-windows.js';
import type { TravelTable } from './travel-table.js';

/**
 * What compiling a job onto a route takes from the job alone, in typed arrays by position: its
 * places as travel-table indices, time on site, windows and loads. A route compiles its candidate
 * jobs by copying theirs from the problem's figures (`gather`): looking every job up again, its
 * point in a WeakMap included, for each of a week's 250 routes took most of their compile time.
 */
export class JobFigures {
  /** Allocates the arrays of `count` jobs over `metricCount` load metrics, or takes those given. */
  constructor(
    readonly count: number,
    readonly metricCount: number,
    readonly point = new Int32Array(count),
    readonly service = new Float64Array(count),
    /** Up to two windows per job, sorted: [start0, end0, start1, end1]; NaN when absent. */
    readonly windows = new Float64Array(4 * count).fill(NaN),
    /** Where the job is left when that is elsewhere (its exit stop), else -1. */
    readonly exitPoint = new Int32Array(count).fill(-1),
    readonly exitService = new Float64Array(count),
    /** Row-major [job][metric]; negative = pickup. */
    readonly amounts = new Float64Array(count * metricCount),
    /** Sum of each job's positive amounts per metric: what the vehicle leaves with for it. */
    readonly deliveries = new Float64Array(count * metricCount),
  ) {}

  /** The figures of `jobs` (jobs of `problem`), their places indexed in `travel`. */
  static of(problem: ResolvedProblem, jobs: readonly ResolvedJob[], travel: TravelTable): JobFigures {
    const metrics = loadMetrics(problem);
    const m = metrics.size;
    const figures = new JobFigures(jobs.length, m);
    jobs.forEach((job, i) => {
      figures.point[i] = travel.indexOf(job.location!.location);
      figures.service[i] = jobTimeOnSite(job);
      jobTimeWindows(job).forEach((w, k) => {
        figures.windows[4 * i + 2 * k] = w.start;
        figures.windows[4 * i + 2 * k + 1] = w.end;
      });
      if (job.exit_location !== undefined) {
        figures.exitPoint[i] = travel.indexOf(job.exit_location.location);
        figures.exitService[i] = job.exit_time_on_site ?? 0;
      }
      addJobAmounts(job, metrics, figures.amounts, i * m);
      for (let k = 0; k < m; k++) figures.deliveries[i * m + k] = Math.max(0, figures.amounts[i * m + k]!);
    });
    return figures;
  }

  /** The figures of the jobs at `positions`, in that order. */
  gather(positions: readonly number[]): JobFigures {
    const m = this.metricCount;
    const figures = new JobFigures(positions.length, m);
    for (let i = 0; i < positions.length; i++) {
      const from = positions[i]!;
      figures.point[i] = this.point[from]!;
      figures.service[i] = this.service[from]!;
      for (let k = 0; k < 4; k++) figures.windows[4 * i + k] = this.windows[4 * from + k]!;
      figures.exitPoint[i] = this.exitPoint[from]!;
      figures.exitService[i] = this.exitService[from]!;
      for (let k = 0; k < m; k++) {
        figures.amounts[i * m + k] = this.amounts[from * m + k]!;
        figures.deliveries[i * m + k] = this.deliveries[from * m + k]!;
      }
    }
    return figures;
  }
}
