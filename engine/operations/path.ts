import type { PathProvider, TravelOptions, TravelPoint } from '../../geo/travel.js';
import { encodePolyline } from '../../model/formats/polyline.js';
import { formatTimespan } from '../../model/formats/timespan.js';
import { formatLatLon, parseLatLon } from '../../model/latlon.js';
import type { PathRequest } from '../../model/types/geo-requests.js';
import { syncOperation } from './operation.js';

type PathRoute = PathRequest['routes'][number];

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
function travelPoint(stop: PathRoute['stops'][number]): TravelPoint {
  const point = parseLatLon(stop.intersection ?? stop.location)!;
  return { ...point, ...(stop.type ? { locationType: stop.type } : {}), ...(stop.heading !== undefined ? { heading: stop.heading } : {}) };
}

/**
 * `path` (synchronous): distance and driving time per route and leg through its ordered stops, on
 * the provider's roads, with the geometry when a route asks for it. The request is validated.
 */
async function path(body: PathRequest, provider: PathProvider): Promise<Record<string, unknown>> {
  const routes = [];
  for (const route of body.routes) {
    const drawn = await provider.path(route.stops.map(travelPoint), travelOptions(route.vehicle));
    routes.push({
      ...(route.id !== undefined ? { id: route.id } : {}),
      distance_meters: drawn.distance,
      driving_time: formatTimespan(drawn.duration),
      legs: drawn.legs.map((leg) => ({ distance_meters: leg.distance, driving_time: formatTimespan(leg.duration) })),
      ...(drawn.fallback ? { straight_line_fallback: true } : {}),
      ...(route.routing_options?.return_path
        ? { path: body.path_encoding === 'polyline' ? encodePolyline(drawn.geometry) : drawn.geometry.map(formatLatLon) }
        : {}),
    });
  }
  return { routes, ...(provider.name === 'road' ? { attribution: osmAttribution } : {}) };
}

export const pathOperation = syncOperation({ name: 'path', travel: 'streets', run: path });
