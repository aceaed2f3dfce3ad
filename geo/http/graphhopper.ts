import type { PathProvider, TravelOptions, TravelPath, TravelPoint } from '../travel.js';
import { blockMatrix } from './block-matrix.js';
import { defaultMatrixRequests, type MatrixRequests } from '../travel-settings.js';
import { defaultHttpJsonOptions, requestJson, TravelServiceError, type HttpJsonOptions } from './http-json.js';

interface GraphHopperMatrix {
  distances?: (number | null)[][];
  times?: (number | null)[][];
  message?: string;
}

interface GraphHopperRoute {
  paths?: { distance: number; time: number; points: { coordinates: [number, number][] } }[];
  message?: string;
}

const lonLat = (p: TravelPoint): [number, number] => [p.lon, p.lat];
const profile = (options: TravelOptions): string => (options.vehicleType === 'truck' ? 'truck' : 'car');

/**
 * A GraphHopper server a user already runs (`/matrix` and `/route`). Times come back in
 * milliseconds for routes and seconds for matrices. A route is asked leg by leg, because a
 * GraphHopper route has no per-leg figures.
 */
export function createGraphHopperProvider(
  baseUrl: string,
  http: HttpJsonOptions = defaultHttpJsonOptions,
  requests: MatrixRequests = defaultMatrixRequests,
): PathProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'graphhopper',
    matrix: (points, options = {}) =>
      blockMatrix(points, options, requests, async (sources, targets) => {
        const answer = (await requestJson(
          `${base}/matrix`,
          {
            from_points: sources.map(lonLat),
            to_points: targets.map(lonLat),
            out_arrays: ['distances', 'times'],
            profile: profile(options),
          },
          http,
        )) as GraphHopperMatrix;
        if (!answer.distances || !answer.times) throw new TravelServiceError(`GraphHopper matrix: ${answer.message ?? 'no matrix'}`);
        return { distances: answer.distances, durations: answer.times };
      }),
    path: async (stops, options = {}): Promise<TravelPath> => {
      const speed = (options.drivingSpeedPercentage ?? 100) / 100;
      const legs: { distance: number; duration: number }[] = [];
      const geometry: { lat: number; lon: number }[] = [];
      for (let i = 1; i < stops.length; i++) {
        const answer = (await requestJson(
          `${base}/route`,
          { points: [lonLat(stops[i - 1]!), lonLat(stops[i]!)], profile: profile(options), points_encoded: false, instructions: false },
          http,
        )) as GraphHopperRoute;
        const path = answer.paths?.[0];
        if (!path) throw new TravelServiceError(`GraphHopper route: ${answer.message ?? 'no path'}`);
        legs.push({ distance: path.distance, duration: path.time / 1000 / speed });
        geometry.push(...path.points.coordinates.slice(i === 1 ? 0 : 1).map(([lon, lat]) => ({ lat, lon })));
      }
      return {
        distance: legs.reduce((s, l) => s + l.distance, 0),
        duration: legs.reduce((s, l) => s + l.duration, 0),
        legs,
        geometry,
        fallback: false,
      };
    },
  };
}
