import type { Pool } from '../../store/db.js';
import { GeocodingCacheStore } from '../../store/geocoding-cache.js';
import { CustomerAddressStore } from '../../store/geocoding-customer-addresses.js';
import { GeocodingIndexStore } from '../../store/geocoding-index.js';
import { BoundedQueryGeocoder } from './bounded-query-geocoder.js';
import { CachedGeocoder } from './cached-geocoder.js';
import { CustomersFirstGeocoder } from './customers-first-geocoder.js';
import type { Geocoder } from './geocoder.js';
import type { GeocodingConfig } from './geocoding-config.js';
import { LocalGeocoder } from './local/local-geocoder.js';
import { indexMap } from './local/map-index.js';
import { CircuitBreaker } from './upstream/circuit-breaker.js';
import { nominatimProtocol } from './upstream/nominatim.js';
import { peliasProtocol } from './upstream/pelias.js';
import { UpstreamGeocoder } from './upstream/upstream-geocoder.js';

/** The circuit breaker an upstream geocoder uses, so that its owner can watch its state. */
export function upstreamBreaker(config: GeocodingConfig): CircuitBreaker {
  return new CircuitBreaker(config.breakerFailures, config.breakerCooldownMs);
}

/**
 * The geocoder the configuration asks for, behind the customers' address lists: the local map
 * index (built on first use), or an upstream server with its answers cached in PostgreSQL; over-long
 * addresses refused first.
 */
export function createGeocoder(pool: Pool, config: GeocodingConfig, breaker: CircuitBreaker = upstreamBreaker(config)): Geocoder {
  const customers = new CustomerAddressStore(pool);
  if (config.provider === 'local') {
    const index = new GeocodingIndexStore(pool);
    let mapHash: Promise<string> | undefined;
    const ensureIndex = (): Promise<string> => {
      // A failed build is tried again by the next query rather than remembered.
      mapHash ??= indexMap(index, config.mapPath).then(
        (m) => m.mapHash,
        (err: unknown) => {
          mapHash = undefined;
          throw err;
        },
      );
      return mapHash;
    };
    return new BoundedQueryGeocoder(new CustomersFirstGeocoder(customers, new LocalGeocoder(index, ensureIndex)));
  }
  const protocol = config.provider === 'nominatim' ? nominatimProtocol : peliasProtocol(config.apiKey);
  const upstream = new UpstreamGeocoder(protocol, config.upstreamUrl!, {
    timeoutMs: config.timeoutMs,
    maxAttempts: config.maxAttempts,
    backoffBaseMs: config.backoffBaseMs,
    backoffMaxMs: config.backoffMaxMs,
    breaker,
  });
  return new BoundedQueryGeocoder(new CustomersFirstGeocoder(customers, new CachedGeocoder(upstream, new GeocodingCacheStore(pool, config.cacheDays))));
}
