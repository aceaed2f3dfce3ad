import type { LatLon } from '../../model/latlon.js';
import type { GeocodeQuery, GeocodeSuggestion, Geocoder } from './geocoder.js';
import type { GeocodeCache } from './ports.js';
import { nameKey } from './text/normalize.js';
import { WrappingGeocoder } from './wrapping-geocoder.js';

/**
 * Keeps an upstream geocoder's answers in PostgreSQL by normalized query: "12, Av. de la Costa"
 * and "12 avenue de la costa" cost one upstream call. Failures are not cached.
 */
export class CachedGeocoder extends WrappingGeocoder {
  constructor(
    inner: Geocoder,
    private readonly cache: GeocodeCache,
  ) {
    super(inner);
  }

  override async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    const key = `search|${(query.country ?? '').toUpperCase()}|${query.maxResults}|${nameKey(query.text)}`;
    return this.cached(key, () => this.inner.geocode(query, signal));
  }

  override async reverse(point: LatLon, maxResults: number, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    // Five decimals are about a meter: closer points share an answer.
    const key = `reverse|${maxResults}|${point.lat.toFixed(5)},${point.lon.toFixed(5)}`;
    return this.cached(key, () => this.inner.reverse(point, maxResults, signal));
  }

  private async cached(key: string, fetch: () => Promise<GeocodeSuggestion[]>): Promise<GeocodeSuggestion[]> {
    const hit = await this.cache.get(this.inner.name, key);
    if (hit) return hit as GeocodeSuggestion[];
    const suggestions = await fetch();
    await this.cache.put(this.inner.name, key, suggestions);
    return suggestions;
  }
}
