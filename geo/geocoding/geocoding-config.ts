/** Geocoding settings (read from the environment by runtime/config.ts; documented in the README's configuration table). */
export interface GeocodingConfig {
  provider: 'local' | 'nominatim' | 'pelias';
  /** Base URL of the upstream server (nominatim, pelias). */
  upstreamUrl: string | undefined;
  apiKey: string | undefined;
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  breakerFailures: number;
  breakerCooldownMs: number;
  /** Addresses geocoded at the same time by one activity. */
  concurrency: number;
  cacheDays: number;
  /** The OSM extract the local index is built from. */
  mapPath: string;
}
