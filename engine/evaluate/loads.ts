import type { ResolvedJob, ResolvedLoadAmount, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';

/** The metric of the single-metric fields `load` / `load_capacity`; index 0 of every metric list. */
const singleMetric = '';

const metricsByProblem = new WeakMap<ResolvedProblem, Map<string, number>>();

/** Index of every load metric of a problem: 0 is the single unnamed metric, then the named ones. */
export function loadMetrics(problem: ResolvedProblem): Map<string, number> {
  let metrics = metricsByProblem.get(problem);
  if (metrics === undefined) {
    metrics = new Map([[singleMetric, 0]]);
    for (const metric of problem.capacity_metrics) if (!metrics.has(metric.id)) metrics.set(metric.id, metrics.size);
    metricsByProblem.set(problem, metrics);
  }
  return metrics;
}

/** Adds a job's amounts (negative = pickup) into `out` at `offset`; a metric the job lacks is 0. */
export function addJobAmounts(job: ResolvedJob, metrics: Map<string, number>, out: Float64Array, offset: number): void {
  if (job.load !== undefined) out[offset]! += job.load;
  for (const amount of job.loads ?? []) out[offset + metrics.get(amount.metric.id)!]! += amount.amount;
}

/** Capacity per metric (route's own, else its vehicle's); Infinity where there is none. */
export function routeCapacities(route: ResolvedRoute, metrics: Map<string, number>): Float64Array {
  const capacities = new Float64Array(metrics.size).fill(Infinity);
  const single = route.load_capacity ?? route.vehicle?.load_capacity;
  if (single !== undefined) capacities[0] = single;
  const named: ResolvedLoadAmount[] = route.load_capacities ?? route.vehicle?.load_capacities ?? [];
  for (const amount of named) capacities[metrics.get(amount.metric.id)!] = amount.amount;
  return capacities;
}

/** Metric name for responses: the single metric has none. */
export function metricName(metrics: Map<string, number>, index: number): string | undefined {
  for (const [name, i] of metrics) if (i === index) return name === singleMetric ? undefined : name;
  return undefined;
}
