import { MAX_GEOCODE_QUERY_LENGTH } from '../../model/types/geo-requests.js';
import type { GeocodeQuery, GeocodeSuggestion } from './geocoder.js';
import { GeoserviceError } from './geoservice-error.js';
import { WrappingGeocoder } from './wrapping-geocoder.js';

/**
 * Refuses addresses longer than MAX_GEOCODE_QUERY_LENGTH before any work: every geocoder's cost
 * (normalizing, trigram matching in PostgreSQL, the cache key) grows with the text. The API checks
 * the same bound; this covers CSV batches, which arrive without it.
 */
export class BoundedQueryGeocoder extends WrappingGeocoder {
  override geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    if (query.text.length > MAX_GEOCODE_QUERY_LENGTH) {
      return Promise.reject(
        new GeoserviceError('geoservice_error', `The address is longer than ${MAX_GEOCODE_QUERY_LENGTH} characters.`, false),
      );
    }
    return this.inner.geocode(query, signal);
  }
}
