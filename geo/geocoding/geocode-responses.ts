import { formatLatLon } from '../../model/latlon.js';
import type { GeocodeSuggestion } from './geocoder.js';
import type { GeoserviceError, GeoserviceErrorCode } from './geoservice-error.js';

/** What one address (or point) came to: suggestions, or the error that stopped it. */
export type AddressOutcome = { suggestions: GeocodeSuggestion[] } | { error: GeoserviceError };

export interface GeoserviceErrorBody {
  status_code: 500;
  error_code: GeoserviceErrorCode;
  message: string;
}

/** A `geocoded_location`: suggestions first (as the reference API prints them), the request's id, or the address's error. */
export function geocodedLocation(id: string | undefined, outcome: AddressOutcome): Record<string, unknown> {
  if ('error' in outcome) {
    return { suggestions: [], ...(id !== undefined ? { id } : {}), error: { status_code: 500, error_code: outcome.error.code, message: outcome.error.message } };
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

const severity: GeoserviceErrorCode[] = ['geoservice_unavailable', 'geoservice_exceeded_maximum_retries', 'geoservice_error'];

/**
 * The task's error when no address could be processed: the upstream being unavailable explains
 * everything else, then exhausted retries, then plain errors.
 */
export function allFailedError(errors: readonly GeoserviceError[], noun: 'address' | 'location'): GeoserviceErrorBody {
  const code = severity.find((c) => errors.some((e) => e.code === c))!;
  const example = errors.find((e) => e.code === code)!;
  return { status_code: 500, error_code: code, message: `No ${noun} could be processed: ${example.message}` };
}
