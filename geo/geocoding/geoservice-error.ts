/** The error codes the interface answers for a geocoding failure. */
export type GeoserviceErrorCode = 'geoservice_error' | 'geoservice_exceeded_maximum_retries' | 'geoservice_unavailable';

/**
 * Why one address could not be geocoded. `transient` faults may go away on a later try (the
 * batch workflow retries them); permanent ones will not (a query the upstream rejects).
 */
export class GeoserviceError extends Error {
  constructor(
    readonly code: GeoserviceErrorCode,
    message: string,
    readonly transient: boolean,
    /** The earliest sensible retry, from a Retry-After header or an open circuit breaker. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'GeoserviceError';
  }
}

/** Any failure as a GeoserviceError: unexpected ones are permanent `geoservice_error`s. */
export function asGeoserviceError(err: unknown): GeoserviceError {
  if (err instanceof GeoserviceError) return err;
  return new GeoserviceError('geoservice_error', err instanceof Error ? err.message : String(err), false);
}
