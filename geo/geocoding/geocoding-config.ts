import { demoMapPath } from '../repo-root.js';

/** Geocoding settings from the environment (documented in the README's configuration table). */
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

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export function loadGeocodingConfig(env: NodeJS.ProcessEnv = process.env): GeocodingConfig {
  const provider = env.WAYPLAN_GEOCODER || 'local';
  if (provider !== 'local' && provider !== 'nominatim' && provider !== 'pelias') throw new Error(`WAYPLAN_GEOCODER must be local, nominatim or pelias, got "${provider}"`);
  const upstreamUrl = env.WAYPLAN_GEOCODER_URL || undefined;
  if (provider !== 'local' && !upstreamUrl) throw new Error(`WAYPLAN_GEOCODER=${provider} needs WAYPLAN_GEOCODER_URL`);
  return {
    provider,
    upstreamUrl,
    apiKey: env.WAYPLAN_GEOCODER_API_KEY || undefined,
    timeoutMs: integer(env, 'WAYPLAN_GEOCODER_TIMEOUT_MS', 10000, 1),
    maxAttempts: integer(env, 'WAYPLAN_GEOCODER_MAX_ATTEMPTS', 3, 1),
    backoffBaseMs: integer(env, 'WAYPLAN_GEOCODER_BACKOFF_MS', 500, 0),
    backoffMaxMs: integer(env, 'WAYPLAN_GEOCODER_MAX_BACKOFF_MS', 10000, 0),
    breakerFailures: integer(env, 'WAYPLAN_GEOCODER_BREAKER_FAILURES', 5, 1),
    breakerCooldownMs: integer(env, 'WAYPLAN_GEOCODER_BREAKER_COOLDOWN_MS', 30000, 0),
    concurrency: integer(env, 'WAYPLAN_GEOCODER_CONCURRENCY', 4, 1),
    cacheDays: integer(env, 'WAYPLAN_GEOCODER_CACHE_DAYS', 30, 0),
    mapPath: env.WAYPLAN_GEOCODER_MAP || demoMapPath(),
  };
}
