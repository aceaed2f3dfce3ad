import type { LatLon } from '../../model/latlon.js';

/** One candidate location for an address (or a point), best first in a list. */
export interface GeocodeSuggestion {
  location: LatLon;
  /** Where the address meets its road, when known (routing should snap there). */
  intersection?: LatLon;
  formattedAddress: string;
  /** ISO 3166 alpha-2, when known. */
  country?: string;
  /** 0..1: how sure the geocoder is that this is the place meant. */
  confidence: number;
}

export interface GeocodeQuery {
  text: string;
  /** ISO 3166 alpha-2: only suggestions in this country. */
  country?: string;
  maxResults: number;
  /** The account asking: its own customer address lists are searched too. */
  account?: string;
}

/**
 * Turns addresses into coordinates and back. Implementations throw `GeoserviceError` when they
 * cannot answer; "nothing found" is an empty list, not an error.
 */
export interface Geocoder {
  /** Names the geocoder in cache keys and logs (e.g. `local:<map hash>`, `nominatim:<url>`). */
  readonly name: string;
  geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeSuggestion[]>;
  reverse(point: LatLon, maxResults: number, signal?: AbortSignal): Promise<GeocodeSuggestion[]>;
}
