import { GeoserviceError } from '../geoservice-error.js';
import type { GeocodeSuggestion } from '../geocoder.js';
import { finiteNumber, joinUrl, type UpstreamProtocol } from './protocol.js';

interface PeliasFeature {
  geometry?: { coordinates?: unknown };
  properties?: { label?: unknown; confidence?: unknown; country_code?: unknown };
}

/** Pelias's API (https://github.com/pelias/documentation): `/v1/search` and `/v1/reverse`, GeoJSON answers. */
export function peliasProtocol(apiKey: string | undefined): UpstreamProtocol {
  return {
    kind: 'pelias',
    searchUrl: (base, query) =>
      joinUrl(base, 'v1/search', {
        text: query.text,
        size: query.maxResults,
        'boundary.country': query.country?.toUpperCase(),
        api_key: apiKey,
      }),
    reverseUrl: (base, point, maxResults) =>
      joinUrl(base, 'v1/reverse', { 'point.lat': point.lat, 'point.lon': point.lon, size: maxResults, api_key: apiKey }),
    parse(body) {
      const features = (body as { features?: unknown } | null)?.features;
      if (!Array.isArray(features))
        throw new GeoserviceError('geoservice_error', 'the upstream geocoder answered without a features list', false);
      return features.map((raw): GeocodeSuggestion => {
        const feature = raw as PeliasFeature;
        const coordinates = feature.geometry?.coordinates;
        const lon = Array.isArray(coordinates) ? finiteNumber(coordinates[0]) : undefined;
        const lat = Array.isArray(coordinates) ? finiteNumber(coordinates[1]) : undefined;
        const label = feature.properties?.label;
        if (lat === undefined || lon === undefined || typeof label !== 'string') {
          throw new GeoserviceError('geoservice_error', 'the upstream geocoder answered a feature without coordinates or label', false);
        }
        const country = typeof feature.properties?.country_code === 'string' ? feature.properties.country_code.toUpperCase() : undefined;
        return {
          location: { lat, lon },
          formattedAddress: label,
          ...(country ? { country } : {}),
          confidence: finiteNumber(feature.properties?.confidence) ?? 0.5,
        };
      });
    },
  };
}
