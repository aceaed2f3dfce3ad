import { decodePolyline } from '../../model/formats/polyline.js';
import type { PathProvider, TravelOptions, TravelPath, TravelPoint } from '../travel.js';
import { blockMatrix } from './block-matrix.js';
import { defaultMatrixRequests, type MatrixRequests } from '../travel-settings.js';
import { defaultHttpJsonOptions, requestJson, TravelServiceError, type HttpJsonOptions } from './http-json.js';

interface ValhallaMatrix {
  sources_to_targets?: ({ distance: number | null; time: number | null } | null)[][];
  error?: string;
}

interface ValhallaRoute {
  trip?: { legs: { summary: { length: number; time: number }; shape: string }[]; summary: { length: number; time: number } };
  error?: string;
}

const location = (p: TravelPoint): Record<string, number | string> => ({
  lat: p.lat,
  lon: p.lon,
  ...(p.heading !== undefined ? { heading: p.heading } : {}),
});

/** Valhalla's costing options carry our avoid flags: a use_* of 0 avoids that road class. */
function costing(options: TravelOptions): { costing: string; costing_options: Record<string, Record<string, number | boolean>> } {
  const name = options.vehicleType === 'truck' ? 'truck' : 'auto';
  const tuning: Record<string, number | boolean> = {};
  if (options.allowTollRoads === false) tuning.use_tolls = 0;
  if (options.allowFerries === false) tuning.use_ferry = 0;
  // Only Valhalla's truck costing knows dangerous goods.
  if (options.hazmat === true && name === 'truck') tuning.hazmat = true;
  return { costing: name, costing_options: { [name]: tuning } };
}

/** A Valhalla server a user already runs (`/sources_to_targets` and `/route`); lengths come back in kilometers. */
export function createValhallaProvider(
  baseUrl: string,
  http: HttpJsonOptions = defaultHttpJsonOptions,
  requests: MatrixRequests = defaultMatrixRequests,
): PathProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'valhalla',
    matrix: (points, options = {}) =>
      blockMatrix(points, options, requests, async (sources, targets) => {
        const answer = (await requestJson(
          `${base}/sources_to_targets`,
          { sources: sources.map(location), targets: targets.map(location), units: 'kilometers', ...costing(options) },
          http,
        )) as ValhallaMatrix;
        if (!answer.sources_to_targets) throw new TravelServiceError(`Valhalla sources_to_targets: ${answer.error ?? 'no matrix'}`);
        const cells = answer.sources_to_targets;
        return {
          distances: cells.map((row) => row.map((c) => (c?.distance == null ? null : c.distance * 1000))),
          durations: cells.map((row) => row.map((c) => (c?.time == null ? null : c.time))),
        };
      }),
    path: async (stops, options = {}): Promise<TravelPath> => {
      const answer = (await requestJson(
        `${base}/route`,
        { locations: stops.map(location), units: 'kilometers', ...costing(options) },
        http,
      )) as ValhallaRoute;
      if (!answer.trip) throw new TravelServiceError(`Valhalla route: ${answer.error ?? 'no trip'}`);
      const speed = (options.drivingSpeedPercentage ?? 100) / 100;
      const legs = answer.trip.legs.map((leg) => ({ distance: leg.summary.length * 1000, duration: leg.summary.time / speed }));
      return {
        distance: answer.trip.summary.length * 1000,
        duration: answer.trip.summary.time / speed,
        legs,
        geometry: answer.trip.legs.flatMap((leg, i) => decodePolyline(leg.shape, 6).slice(i === 0 ? 0 : 1)),
        fallback: false,
      };
    },
  };
}
