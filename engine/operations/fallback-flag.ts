import { formatLatLon } from '../../model/latlon.js';
import type { TravelTable } from '../evaluate/travel-table.js';

/** The places the provider could not route (off its map), when there are any. */
export function fallbackFlag(travel: TravelTable): { straight_line_fallback_locations?: string[] } {
  const fallback = travel.fallbackPoints();
  return fallback.length ? { straight_line_fallback_locations: fallback.map(formatLatLon) } : {};
}
