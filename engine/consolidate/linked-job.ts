import { formatTimespan } from '../../model/formats/timespan.js';
import type { ResolvedJob, ResolvedTimeWindow } from '../../model/resolve.js';
import { jobTimeOnSite } from '../evaluate/time-windows.js';

type JsonObject = Record<string, unknown>;

/** Fields the linked job sets itself instead of copying them from its first job. */
const replaced = [
  'id',
  'name',
  'code',
  'description',
  'custom',
  'type',
  'location',
  'exit_location',
  'exit_time_on_site',
  'time_on_site',
  'time_window',
  'time_window2',
  'load',
  'loads',
  'job_attributes',
];

/**
 * One linked job for jobs served one after another along a street (a linked
 * stop): `location` is the first job's location and `exit_location` the last one's, so the
 * drive between them is the drive along the street; `time_on_site` is the sum of the jobs' times
 * on site; loads are summed per metric; the windows are the narrowed shared ones; the restriction
 * fields are the first job's (the merge key makes them equivalent for every job of the chain).
 * `canonical` are the jobs in canonical form, `resolved` the same jobs resolved, in driving order.
 */
export function linkedJob(
  id: string,
  canonical: readonly JsonObject[],
  resolved: readonly ResolvedJob[],
  windows: readonly ResolvedTimeWindow[],
): JsonObject {
  const first = canonical[0]!;
  const job: JsonObject = Object.fromEntries(Object.entries(first).filter(([field]) => !replaced.includes(field)));
  job.id = id;
  job.location = first.location;
  job.exit_location = canonical[canonical.length - 1]!.location;
  job.time_on_site = formatTimespan(resolved.reduce((sum, original) => sum + jobTimeOnSite(original), 0));
  const [window, window2] = windows.map((w) => ({ start: formatTimespan(w.start), end: formatTimespan(w.end) }));
  if (window) job.time_window = window;
  if (window2) job.time_window2 = window2;
  if (resolved.some((original) => original.load !== undefined))
    job.load = resolved.reduce((sum, original) => sum + (original.load ?? 0), 0);
  if (resolved.some((original) => original.loads !== undefined)) {
    const byMetric = new Map<string, number>();
    for (const original of resolved)
      for (const amount of original.loads ?? []) byMetric.set(amount.metric.id, (byMetric.get(amount.metric.id) ?? 0) + amount.amount);
    job.loads = [...byMetric].map(([metric, amount]) => ({ metric, amount }));
  }
  const attributes = [...new Set(resolved.flatMap((original) => original.job_attributes ?? []))];
  if (attributes.length > 0) job.job_attributes = attributes;
  return job;
}
