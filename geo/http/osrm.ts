import type { PathProvider, TravelOptions, TravelPath, TravelPoint } from '../travel.js';
import { blockMatrix } from './block-matrix.js';
import { defaultMatrixRequests, type MatrixRequests } from '../travel-settings.js';
import { requestJson, TravelServiceError, type HttpJsonOptions, defaultHttpJsonOptions } from './http-json.js';

interface OsrmTable {
  code: string;
  message?: string;
  distances?: (number | null)[][];
  durations?: (number | null)[][];
}

interface OsrmRoute {
  code: string;
  message?: string;
  routes?: {
    distance: number;
    duration: number;
    legs: { distance: number; duration: number }[];
    geometry: { coordinates: [number, number][] };
  }[];
}

const coordinates = (points: readonly TravelPoint[]): string => points.map((p) => `${p.lon},${p.lat}`).join(';');

/** OSRM excludes road classes only where its profile defines them (`toll`, `ferry` in the stock car profile). */
function excludes(options: TravelOptions): string {
  const classes = [options.allowTollRoads === false ? 'toll' : undefined, options.allowFerries === false ? 'ferry' : undefined].filter(
    Boolean,
  );
  return classes.length ? `&exclude=${classes.join(',')}` : '';
}

/**
 * An OSRM server a user already runs (`/table` and `/route` of the v1 HTTP API). The profile in
 * the URL path is the server's: `driving` for auto, `truck` when the server has one.
 */
export function createOsrmProvider(
  baseUrl: string,
  http: HttpJsonOptions = defaultHttpJsonOptions,
  requests: MatrixRequests = defaultMatrixRequests,
): PathProvider {
  const base = baseUrl.replace(/\/+$/, '');
  const profile = (options: TravelOptions): string => (options.vehicleType === 'truck' ? 'truck' : 'driving');
  return {
    name: 'osrm',
    matrix: (points, options = {}) =>
      blockMatrix(points, options, requests, async (sources, targets) => {
        const all = [...sources, ...targets];
        const sourceIndices = sources.map((_, i) => i).join(';');
        const targetIndices = targets.map((_, j) => sources.length + j).join(';');
        const url = `${base}/table/v1/${profile(options)}/${coordinates(all)}?sources=${sourceIndices}&destinations=${targetIndices}&annotations=duration,distance${excludes(options)}`;
        const table = (await requestJson(url, undefined, http)) as OsrmTable;
        if (table.code !== 'Ok' || !table.distances || !table.durations)
          throw new TravelServiceError(`OSRM table: ${table.code} ${table.message ?? ''}`);
        return { distances: table.distances, durations: table.durations };
      }),
    path: async (stops, options = {}): Promise<TravelPath> => {
      const url = `${base}/route/v1/${profile(options)}/${coordinates(stops)}?overview=full&geometries=geojson&steps=false${excludes(options)}`;
      const answer = (await requestJson(url, undefined, http)) as OsrmRoute;
      const route = answer.routes?.[0];
      if (answer.code !== 'Ok' || !route) throw new TravelServiceError(`OSRM route: ${answer.code} ${answer.message ?? ''}`);
      const speed = (options.drivingSpeedPercentage ?? 100) / 100;
      return {
        distance: route.distance,
        duration: route.duration / speed,
        legs: route.legs.map((leg) => ({ distance: leg.distance, duration: leg.duration / speed })),
        geometry: route.geometry.coordinates.map(([lon, lat]) => ({ lat, lon })),
        fallback: false,
      };
    },
  };
}
