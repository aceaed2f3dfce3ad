import { formatLatLon } from '../../model/latlon.js';
import { errorResponse, type ErrorResponse } from '../../model/types/meta.js';
import type { GeocodeSuggestion } from './geocoder.js';
import type { GeoserviceError } from './geoservice-error.js';

/** What one address (or point) came to: suggestions, or the error that stopped it. */
export type AddressOutcome = { suggestions: GeocodeSuggestion[] } | { error: GeoserviceError };

/** A `geocoded_location`: suggestions first (as the reference API prints them), the request's id, or the address's error. */
export function geocodedLocation(id: string | undefined, outcome: AddressOutcome): Record<string, unknown> {
  if ('error' in outcome) {
    return { suggestions: [], ...(id !== undefined ? { id } : {}), error: errorResponse(500, outcome.error.code, outcome.error.message) };
  }
  return {
    suggestions: outcome.suggestions.map((s) => ({
      location: formatLatLon(s.location),
      ...(s.intersection ? { intersection: formatLatLon(s.intersection) } : {}),
      formatted_address: s.formattedAddress,
      ...(s.country ? { country: s.country } : {}),
      confidence: s.confidence,
    })),
    ...(id !== undefined ? { id } : {}),
  };
}

/**
 * The task's error when no address could be processed. An unavailable upstream explains
 * everything and keeps the interface's `geoservice_unavailable`; otherwise it is the compatible
 * API's documented `geostream_unavailable`, and the message names the per-address
 * cause (`geoservice_error` or `geoservice_exceeded_maximum_retries`, as each geocoded_location
 * of a partly successful answer carries it).
 */
export function allFailedError(errors: readonly GeoserviceError[], noun: 'address' | 'location'): ErrorResponse {
  const unavailable = errors.find((e) => e.code === 'geoservice_unavailable');
  const example = unavailable ?? errors.find((e) => e.code === 'geoservice_exceeded_maximum_retries') ?? errors[0]!;
  return errorResponse(
    500,
    unavailable ? 'geoservice_unavailable' : 'geostream_unavailable',
    `No ${noun} could be processed (${example.code}): ${example.message}`,
  );
}
