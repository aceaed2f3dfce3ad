import type { ResolvedProblem, ResolvedVariance } from '../../model/resolve.js';
import type { VARIANCE_KINDS } from '../../model/types/schedule.js';
import { jobTimeOnSite } from '../evaluate/time-windows.js';

export type VarianceKind = (typeof VARIANCE_KINDS)[number];

/** The points zones must cover (every job, then every marker) and what each weighs in the balance. */
export interface ZonePoints {
  count: number;
  lat: Float64Array;
  lon: Float64Array;
  /** The balanced quantity per point: 1 per stop or marker, minutes on site, or units of the metric. */
  weight: Float64Array;
  /** 1 for a job, 0 for a marker. */
  isJob: Uint8Array;
  kind: VarianceKind;
  /** The allowed deviation from the mean per zone, when the request gave one. */
  variance: number | undefined;
}

/** The one variance kind a request sets (validation allows exactly one); stop count when it sets none. */
export function varianceOf(variance: ResolvedVariance | undefined): { kind: VarianceKind; variance: number | undefined; metric?: string } {
  if (variance?.marker_count_variance !== undefined) return { kind: 'marker_count_variance', variance: variance.marker_count_variance };
  if (variance?.time_on_site_variance !== undefined) return { kind: 'time_on_site_variance', variance: variance.time_on_site_variance };
  if (variance?.metric_count_variance !== undefined) {
    const metric = variance.metric_count_variance;
    return { kind: 'metric_count_variance', variance: metric.variance, metric: metric.metric.id };
  }
  return { kind: 'stop_count_variance', variance: variance?.stop_count_variance };
}

/**
 * Jobs and markers with a location, weighed by the request's variance kind: a stop count counts
 * jobs, a marker count markers, time on site a job's minutes on site (its exit stop's included),
 * and a metric the absolute amounts of that metric in a job's loads (pickups are work too).
 */
export function zonePoints(problem: ResolvedProblem): ZonePoints {
  const { kind, variance, metric } = varianceOf(problem.variance);
  const jobs = problem.jobs.filter((job) => job.location !== undefined);
  const count = jobs.length + problem.markers.length;
  const points: ZonePoints = {
    count,
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    weight: new Float64Array(count),
    isJob: new Uint8Array(count),
    kind,
    variance,
  };
  jobs.forEach((job, i) => {
    points.lat[i] = job.location!.location.lat;
    points.lon[i] = job.location!.location.lon;
    points.isJob[i] = 1;
    if (kind === 'stop_count_variance') points.weight[i] = 1;
    else if (kind === 'time_on_site_variance') points.weight[i] = (jobTimeOnSite(job) + (job.exit_time_on_site ?? 0)) / 60;
    else if (kind === 'metric_count_variance') {
      points.weight[i] = (job.loads ?? []).reduce((sum, amount) => sum + (amount.metric.id === metric ? Math.abs(amount.amount) : 0), 0);
    }
  });
  problem.markers.forEach((marker, m) => {
    const i = jobs.length + m;
    points.lat[i] = marker.location.lat;
    points.lon[i] = marker.location.lon;
    if (kind === 'marker_count_variance') points.weight[i] = 1;
  });
  return points;
}
