import type { PathProvider } from '../geo/travel.js';
import type { TravelOptions } from '../geo/travel.js';
import { formatLatLon } from '../model/latlon.js';
import type { ResolvedRoute } from '../model/resolve.js';
import { cardStopPoints, type CardStop, type RouteMapData } from './card-data.js';

export const osmAttribution = '© OpenStreetMap contributors';

function travelOptions(route: ResolvedRoute): TravelOptions {
  const truck = route.vehicle_type === 'truck' || route.vehicle?.vehicle_type === 'truck';
  return { vehicleType: truck ? 'truck' : 'auto' };
}

/**
 * The line a route's map draws through its stops: the provider's road geometry where its map
 * covers the stops, straight segments otherwise. A path that fell back on every leg is exactly the
 * stops joined up; anything with more vertices drew roads, so OpenStreetMap data is on the card.
 */
export async function routeLine(route: ResolvedRoute, stops: readonly CardStop[], provider: PathProvider): Promise<RouteMapData> {
  const points = cardStopPoints(stops);
  if (points.length < 2) return { path: points.map(formatLatLon), road_geometry: false };
  const path = await provider.path(points, travelOptions(route));
  const roads = !path.fallback || path.geometry.length > points.length;
  return {
    path: path.geometry.map(formatLatLon),
    road_geometry: roads,
    ...(roads && provider.name === 'road' ? { attribution: osmAttribution } : {}),
  };
}
