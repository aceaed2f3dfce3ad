import { GeoserviceError } from '../geoservice-error.js';
import type { GeocodeSuggestion } from '../geocoder.js';
import { finiteNumber, joinUrl, type UpstreamProtocol } from './protocol.js';

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
  importance?: unknown;
  place_rank?: unknown;
  address?: { country_code?: unknown };
}

/**
 * Nominatim's API (https://nominatim.org/release-docs/latest/api/): `/search` and `/reverse` in
 * `jsonv2`. It reports no confidence: importance stands in for it, lowered for coarse places.
 */
export const nominatimProtocol: UpstreamProtocol = {
  kind: 'nominatim',
  searchUrl: (base, query) =>
    joinUrl(base, 'search', {
      q: query.text,
      format: 'jsonv2',
      addressdetails: 1,
      limit: query.maxResults,
      countrycodes: query.country?.toLowerCase(),
    }),
  reverseUrl: (base, point) => joinUrl(base, 'reverse', { lat: point.lat, lon: point.lon, format: 'jsonv2', addressdetails: 1 }),
  parse(body) {
    // /reverse answers one object (or {error} when nothing is there), /search an array.
    if (body && typeof body === 'object' && !Array.isArray(body) && 'error' in body) return [];
    const places = Array.isArray(body) ? body : [body];
    return places.map((raw): GeocodeSuggestion => {
      const place = raw as NominatimPlace;
      const lat = finiteNumber(place.lat);
      const lon = finiteNumber(place.lon);
      if (lat === undefined || lon === undefined || typeof place.display_name !== 'string') {
        throw new GeoserviceError('geoservice_error', 'the upstream geocoder answered a place without coordinates or name', false);
      }
      const rank = finiteNumber(place.place_rank) ?? 30;
      const importance = finiteNumber(place.importance) ?? 0.5;
      const country = typeof place.address?.country_code === 'string' ? place.address.country_code.toUpperCase() : undefined;
      return {
        location: { lat, lon },
        formattedAddress: place.display_name,
        ...(country ? { country } : {}),
        confidence: Math.round(Math.min(1, Math.max(0.05, (0.5 + importance / 2) * Math.min(1, rank / 30))) * 1000) / 1000,
      };
    });
  },
};
