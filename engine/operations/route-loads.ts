import type { ResolvedJob, ResolvedRoute } from '../../model/resolve.js';

/** The single unnamed metric of `load` / `load_capacity`. */
const singleMetric = '';

/**
 * Capacity per metric for a route (route, else vehicle); a metric without a capacity is unlimited.
 * Deliveries (positive amounts) fill the vehicle at the start; pickups are not counted here.
 */
export function routeCapacities(route: ResolvedRoute): Map<string, number> {
  const capacities = new Map<string, number>();
  const single = route.load_capacity ?? route.vehicle?.load_capacity;
  if (single !== undefined) capacities.set(singleMetric, single);
  for (const amount of route.load_capacities ?? route.vehicle?.load_capacities ?? []) capacities.set(amount.metric.id, amount.amount);
  return capacities;
}

export function jobLoads(job: ResolvedJob): Map<string, number> {
  const loads = new Map<string, number>();
  if (job.load !== undefined) loads.set(singleMetric, job.load);
  for (const amount of job.loads ?? []) loads.set(amount.metric.id, amount.amount);
  return loads;
}

/** Tracks a route's delivered load per metric while jobs are added to it. */
export class RouteLoad {
  private readonly used = new Map<string, number>();

  constructor(private readonly capacities: Map<string, number>) {}

  fits(loads: Map<string, number>): boolean {
    for (const [metric, amount] of loads) {
      const capacity = this.capacities.get(metric);
      if (capacity !== undefined && amount > 0 && (this.used.get(metric) ?? 0) + amount > capacity + 1e-9) return false;
    }
    return true;
  }

  add(loads: Map<string, number>): void {
    for (const [metric, amount] of loads) if (amount > 0) this.used.set(metric, (this.used.get(metric) ?? 0) + amount);
  }
}

