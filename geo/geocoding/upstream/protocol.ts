import type { LatLon } from '../../../model/latlon.js';
import type { GeocodeQuery, GeocodeSuggestion } from '../geocoder.js';

/** How one kind of geocoding server is asked and how its answers read. */
export interface UpstreamProtocol {
  readonly kind: string;
  searchUrl(base: string, query: GeocodeQuery): string;
  reverseUrl(base: string, point: LatLon, maxResults: number): string;
  /** Throws when the body is not an answer of this protocol. */
  parse(body: unknown): GeocodeSuggestion[];
}

export function joinUrl(base: string, path: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  return url.toString();
}

export function finiteNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
