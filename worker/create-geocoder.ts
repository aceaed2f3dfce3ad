import { BoundedQueryGeocoder } from '../geo/geocoding/bounded-query-geocoder.js';
import { CachedGeocoder } from '../geo/geocoding/cached-geocoder.js';
import { CustomersFirstGeocoder } from '../geo/geocoding/customers-first-geocoder.js';
import type { Geocoder } from '../geo/geocoding/geocoder.js';
import type { GeocodingConfig } from '../geo/geocoding/geocoding-config.js';
import { CurrentMapIndex } from '../geo/geocoding/local/current-map.js';
import { LocalGeocoder } from '../geo/geocoding/local/local-geocoder.js';
import { CircuitBreaker } from '../geo/geocoding/upstream/circuit-breaker.js';
import { nominatimProtocol } from '../geo/geocoding/upstream/nominatim.js';
import { peliasProtocol } from '../geo/geocoding/upstream/pelias.js';
import { UpstreamGeocoder } from '../geo/geocoding/upstream/upstream-geocoder.js';
import type { Pool } from '../store/db.js';
import { GeocodingCacheStore } from '../store/geocoding-cache.js';
import { CustomerAddressStore } from '../store/geocoding-customer-addresses.js';
import { GeocodingIndexStore } from '../store/geocoding-index.js';

/** The circuit breaker an upstream geocoder uses, so that its owner can watch its state. */
export function upstreamBreaker(config: GeocodingConfig): CircuitBreaker {
  return new CircuitBreaker(config.breakerFailures, config.breakerCooldownMs);
}

/**
 * The geocoder the configuration asks for, behind the customers' address lists: the local map
 * index (built on first use, and again when the map file changes or its index is deleted), or an
 * upstream server with its answers cached in PostgreSQL; over-long addresses refused first. The
 * stores are handed in as geo's ports (geo/geocoding/ports.ts).
 */
export function createGeocoder(pool: Pool, config: GeocodingConfig, breaker: CircuitBreaker = upstreamBreaker(config)): Geocoder {
  const customers = new CustomerAddressStore(pool);
  if (config.provider === 'local') {
    const index = new GeocodingIndexStore(pool);
    const map = new CurrentMapIndex(index, config.mapPath);
    return new BoundedQueryGeocoder(new CustomersFirstGeocoder(customers, new LocalGeocoder(index, () => map.mapHash())));
  }
  const protocol = config.provider === 'nominatim' ? nominatimProtocol : peliasProtocol(config.apiKey);
  const upstream = new UpstreamGeocoder(protocol, config.upstreamUrl!, {
    timeoutMs: config.timeoutMs,
    maxAttempts: config.maxAttempts,
    backoffBaseMs: config.backoffBaseMs,
    backoffMaxMs: config.backoffMaxMs,
    breaker,
  });
  return new BoundedQueryGeocoder(
    new CustomersFirstGeocoder(customers, new CachedGeocoder(upstream, new GeocodingCacheStore(pool, config.cacheDays))),
  );
}
