import type { LatLon } from '../../model/latlon.js';
import type { GeocodeQuery, GeocodeSuggestion, Geocoder } from './geocoder.js';

/**
 * A geocoder in front of another: it answers under the inner geocoder's name (cache keys and logs
 * name the geocoder that finds the places) and passes on whatever it does not change.
 */
export abstract class WrappingGeocoder implements Geocoder {
  readonly name: string;

  constructor(protected readonly inner: Geocoder) {
    this.name = inner.name;
  }

  geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    return this.inner.geocode(query, signal);
  }

  reverse(point: LatLon, maxResults: number, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    return this.inner.reverse(point, maxResults, signal);
  }
}
