import type { FastifyInstance } from 'fastify';
import { loadTravelProvider, type PathProvider } from '../../geo/configured-provider.js';
import { encodePolyline } from '../../geo/polyline.js';
import type { TravelOptions, TravelPoint } from '../../geo/travel.js';
import { formatTimespan } from '../../model/formats/timespan.js';
import { formatLatLon, parseLatLon } from '../../model/latlon.js';
import { MAX_PATH_STOPS, validateRequest } from '../../model/index.js';
import type { ApiContext } from '../context.js';
import { ValidationFailedError, type ValidationErrorEntry } from '../errors.js';
import { ref, syncOperationDoc } from '../openapi/describe.js';
import { resource } from '../resource.js';
import { requireJsonBody } from './operations.js';

interface PathStop {
  type?: 'on_street' | 'off_street' | 'vehicle';
  location: string;
  intersection?: string;
  heading?: number;
}

interface PathRoute {
  id?: string;
  routing_options?: { return_path?: boolean };
  vehicle?: { vehicle_type?: string; allow_ferries?: boolean; allow_toll_roads?: boolean; allow_u_turns?: boolean; driving_speed_percentage?: number; hazmat_load_types?: string[] };
  stops: PathStop[];
}

const osmAttribution = '© OpenStreetMap contributors, ODbL 1.0';


function travelOptions(vehicle: PathRoute['vehicle']): TravelOptions {
  return {
    vehicleType: vehicle?.vehicle_type === 'truck' ? 'truck' : 'auto',
    ...(vehicle?.allow_ferries !== undefined ? { allowFerries: vehicle.allow_ferries } : {}),
    ...(vehicle?.allow_toll_roads !== undefined ? { allowTollRoads: vehicle.allow_toll_roads } : {}),
    ...(vehicle?.allow_u_turns !== undefined ? { allowUTurns: vehicle.allow_u_turns } : {}),
    ...(vehicle?.driving_speed_percentage !== undefined ? { drivingSpeedPercentage: vehicle.driving_speed_percentage } : {}),
    ...(vehicle?.hazmat_load_types?.length ? { hazmat: true } : {}),
  };
}

/** The point a stop is routed from: where the address meets the street when the geocoder knew it. */
function travelPoint(stop: PathStop): TravelPoint {
  const point = parseLatLon(stop.intersection ?? stop.location)!;
  return { ...point, ...(stop.type ? { locationType: stop.type } : {}), ...(stop.heading !== undefined ? { heading: stop.heading } : {}) };
}

/** `POST /v1/path` (synchronous): distance and driving time per route and leg through ordered stops, with the geometry on request. */
export function pathRoutes(app: FastifyInstance, ctx: ApiContext): void {
  let provider: PathProvider | undefined;
  const travel = (): PathProvider => (provider ??= loadTravelProvider(ctx.config.travel));
  resource(app, '/v1/path', {
    POST: {
      doc: { ...syncOperationDoc('path', ref('path_response')), tags: ['vehicle routing'] },
      handler: async (request) => {
        const body = requireJsonBody(request) as { path_encoding?: 'json' | 'polyline'; routes: PathRoute[] };
        const faults: ValidationErrorEntry[] = validateRequest(body, 'path');
        if (faults.length === 0) {
          body.routes.forEach((route, i) => {
            if (route.stops.length < 2) {
              faults.push({ property: `request.routes[${i}].stops`, code: 'too_few_items_error', message: 'A path needs at least two stops.', attempted_value: route.stops.length });
            }
          });
          const stops = body.routes.reduce((sum, route) => sum + route.stops.length, 0);
          if (stops > MAX_PATH_STOPS) {
            faults.push({ property: 'request.routes', code: 'too_many_items_error', message: `A path request has at most ${MAX_PATH_STOPS} stops over all its routes; this one has ${stops}.`, parameters: { maximum: MAX_PATH_STOPS } });
          }
        }
        if (faults.length) throw new ValidationFailedError(faults);
        const routes = [];
        for (const route of body.routes) {
          const path = await travel().path(route.stops.map(travelPoint), travelOptions(route.vehicle));
          routes.push({
            ...(route.id !== undefined ? { id: route.id } : {}),
            distance_meters: path.distance,
            driving_time: formatTimespan(path.duration),
            legs: path.legs.map((leg) => ({ distance_meters: leg.distance, driving_time: formatTimespan(leg.duration) })),
            ...(path.fallback ? { straight_line_fallback: true } : {}),
            ...(route.routing_options?.return_path ? { path: body.path_encoding === 'polyline' ? encodePolyline(path.geometry) : path.geometry.map(formatLatLon) } : {}),
          });
        }
        return { routes, ...(travel().name === 'road' ? { attribution: osmAttribution } : {}) };
      },
    },
  });
}
