import type { TravelMatrix, TravelProvider } from '../../geo/travel.js';
import { formatTimespan } from '../../model/formats/timespan.js';
import { distanceBetween, type BenchInstance } from './instance-files.js';

/** Node i of an instance is the point (i / 1000, 0): a key the bench's travel provider maps back to the node. */
const nodeLocation = (node: number): string => `${(node / 1000).toFixed(3)}, 0.000`;
const nodeOfLatitude = (lat: number): number => Math.round(lat * 1000);

/**
 * Travel for an instance converted to a problem: the benchmark's distances (meters) and travel
 * time = distance (seconds), as the benchmark conventions want.
 */
export function instanceTravelProvider(instance: BenchInstance): TravelProvider {
  return {
    name: `bench:${instance.name}`,
    async matrix(points): Promise<TravelMatrix> {
      const nodes = points.map((point) => nodeOfLatitude(point.lat));
      const size = nodes.length;
      const distances = new Float64Array(size * size);
      for (let a = 0; a < size; a++)
        for (let b = 0; b < size; b++) distances[a * size + b] = distanceBetween(instance, nodes[a]!, nodes[b]!);
      return { size, distances, durations: distances.slice() };
    },
  };
}

/**
 * A benchmark instance as a build request: one route per vehicle from the depot with its window
 * (an unlimited fleet gets the trucks the demand needs plus a fifth), jobs with windows, service
 * times and demands, and the distance as the only cost (1 per meter, nothing per hour).
 */
export function instanceProblem(instance: BenchInstance, timeLimitS: number, seed: number): Record<string, unknown> {
  const depot = instance.depot;
  const jobs = instance.x.map((_, node) => node).filter((node) => node !== depot);
  const totalDemand = jobs.reduce((sum, node) => sum + instance.demand[node]!, 0);
  const routes = instance.vehicles === 'unlimited' ? Math.ceil((1.2 * totalDemand) / instance.capacity) + 2 : instance.vehicles;
  const timed = instance.due[depot]! < Infinity;
  return {
    settings: { time_limit: formatTimespan(timeLimitS), random_seed: seed, defaults: { cost_per_km: 1000, cost_per_hour: 0 } },
    jobs: jobs.map((node) => ({
      id: `c${node}`,
      location: nodeLocation(node),
      load: instance.demand[node]!,
      ...(instance.service[node]! > 0 ? { time_on_site: formatTimespan(instance.service[node]!) } : {}),
      ...(timed ? { time_window: { start: formatTimespan(instance.ready[node]!), end: formatTimespan(instance.due[node]!) } } : {}),
    })),
    routes: Array.from({ length: routes }, (_, r) => ({
      id: `vehicle-${r + 1}`,
      location: nodeLocation(depot),
      load_capacity: instance.capacity,
      ...(timed ? { start_time: formatTimespan(instance.ready[depot]!), end_time: formatTimespan(instance.due[depot]!) } : {}),
    })),
  };
}

/** The node numbers of each used route of a build response. */
export function responseRoutes(response: { routes: { stops?: { type: string; id: string }[] }[] }): number[][] {
  return response.routes
    .map((route) => (route.stops ?? []).filter((stop) => stop.type === 'job').map((stop) => Number(stop.id.slice(1))))
    .filter((route) => route.length > 0);
}
