import type { LatLon } from '../../model/latlon.js';
import type { ResolvedMarker } from '../../model/resolve.js';

/**
 * What a route's evaluation needs from the routes around it: a day of a multi-day chain starts
 * where the previous day slept and may end with an overnight stay; the vehicle carries load across
 * the chain; depot attributes are met at the chain's first and last depot. A route on its own has
 * an empty context.
 */
export interface RouteContext {
  /** The day starts with an overnight stop at this place, the end of the named previous day. */
  previousDay?: { routeId: string; location: LatLon };
  /** The day ends with an overnight stop; the chain continues on this route. */
  nextDay?: string;
  /** Load per metric already in the vehicle at the start, besides this day's own deliveries. */
  carriedLoads?: Float64Array;
  /** Where depot attributes are checked: the chain's first start and last end. */
  firstDepot?: ResolvedMarker;
  lastDepot?: ResolvedMarker;
  /** Set on the first day of a chain: how many days it has. */
  chainDays?: number;
}
