import type { LatLon, TravelMatrix, TravelProvider } from '../../../geo/travel.js';
import { resolveProblem } from '../../../model/resolve.js';
import type { ProblemResponse, RouteResponse, StopResponse } from '../../../model/types/responses.js';
import { evaluateProblem } from '../../../engine/evaluate/evaluate-problem.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';

/**
 * A travel provider with figures that are easy to work out by hand: Manhattan distance on the
 * degrees, 0.01° = 1 km, driven at 60 km/h (1 km a minute). "0, 0.05" is 5 km and 5 minutes from
 * "0, 0".
 */
export const gridProvider: TravelProvider = {
  name: 'grid',
  matrix(points: readonly LatLon[]): Promise<TravelMatrix> {
    const size = points.length;
    const distances = new Float64Array(size * size);
    const durations = new Float64Array(size * size);
    points.forEach((a, i) =>
      points.forEach((b, j) => {
        const meters = Math.round((Math.abs(a.lat - b.lat) + Math.abs(a.lon - b.lon)) * 100000);
        distances[i * size + j] = meters;
        durations[i * size + j] = meters * 0.06;
      }),
    );
    return Promise.resolve({ size, distances, durations });
  },
};

/** Evaluates a request body (validated shape) with the grid provider. */
export async function evaluateOnGrid(body: unknown): Promise<ProblemResponse> {
  const problem = resolveProblem(body, 'evaluate');
  const travel = await problemTravelTable(problem, gridProvider);
  return evaluateProblem(problem, travel).response;
}

/** The first route of an evaluation. */
export async function routeOnGrid(body: unknown): Promise<RouteResponse> {
  return (await evaluateOnGrid(body)).routes[0]!;
}

/** The schedule part of stops, one compact line each: what hand computations are written as. */
export function timeline(route: RouteResponse): string[] {
  return route.stops!.map(
    (s: StopResponse) =>
      `${s.type} ${s.id} @${s.arrival_time ?? s.arrival_datetime} to=${s.distance_to_meters}m/${s.time_to} idle=${s.idle_time} on=${s.time_on_site}`,
  );
}
