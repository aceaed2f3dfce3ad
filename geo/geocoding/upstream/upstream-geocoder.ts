import type { LatLon } from '../../../model/latlon.js';
import type { GeocodeQuery, GeocodeSuggestion, Geocoder } from '../geocoder.js';
import type { UpstreamProtocol } from './protocol.js';
import { getUpstreamJson, type UpstreamHttpOptions } from './upstream-http.js';

/** A Nominatim- or Pelias-compatible HTTP server as a geocoder. */
export class UpstreamGeocoder implements Geocoder {
  readonly name: string;

  constructor(
    private readonly protocol: UpstreamProtocol,
    private readonly baseUrl: string,
    private readonly http: UpstreamHttpOptions,
  ) {
    this.name = `${protocol.kind}:${baseUrl}`;
  }

  async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    const body = await getUpstreamJson(this.protocol.searchUrl(this.baseUrl, query), this.http, signal);
    return this.protocol.parse(body).slice(0, query.maxResults);
  }

  async reverse(point: LatLon, maxResults: number, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    const body = await getUpstreamJson(this.protocol.reverseUrl(this.baseUrl, point, maxResults), this.http, signal);
    return this.protocol.parse(body).slice(0, maxResults);
  }
}
