import { Counter, Gauge } from 'prom-client';
import type { LatLon } from '../model/latlon.js';
import type { GeocodeQuery, GeocodeSuggestion, Geocoder } from '../geo/geocoding/geocoder.js';
import { GeoserviceError } from '../geo/geocoding/geoservice-error.js';
import type { CircuitBreaker } from '../geo/geocoding/upstream/circuit-breaker.js';

const breakerStates = ['closed', 'open', 'half-open'] as const;

/** The upstream circuit breaker's state as one 1 among its three states; nothing with the local geocoder. */
export function watchCircuit(breaker: CircuitBreaker): void {
  new Gauge({
    name: 'wayplan_geocoding_circuit_state',
    help: 'Upstream geocoder circuit breaker of this worker: 1 for the current state',
    labelNames: ['state'],
    collect() {
      for (const state of breakerStates) this.set({ state }, breaker.state === state ? 1 : 0);
    },
  });
}

/** The worker's geocoder, counted for its metrics (in the process-wide registry: call once per process). */
export function meteredGeocoder(inner: Geocoder): Geocoder {
  const attempts = new Counter({
    name: 'wayplan_geocoding_attempts_total',
    help: 'Addresses (forward) and points (reverse) looked up, each once however many upstream retries it took',
    labelNames: ['kind'],
  });
  const failures = new Counter({
    name: 'wayplan_geocoding_failures_total',
    help: 'Lookups that ended in an error (not "no result"), by error code',
    labelNames: ['kind', 'error_code'],
  });
  for (const kind of ['forward', 'reverse']) attempts.inc({ kind }, 0);
  const counted = async (kind: 'forward' | 'reverse', lookup: () => Promise<GeocodeSuggestion[]>): Promise<GeocodeSuggestion[]> => {
    attempts.inc({ kind });
    try {
      return await lookup();
    } catch (err) {
      failures.inc({ kind, error_code: err instanceof GeoserviceError ? err.code : 'internal' });
      throw err;
    }
  };
  return {
    name: inner.name,
    geocode: (query: GeocodeQuery, signal?: AbortSignal) => counted('forward', () => inner.geocode(query, signal)),
    reverse: (point: LatLon, maxResults: number, signal?: AbortSignal) =>
      counted('reverse', () => inner.reverse(point, maxResults, signal)),
  };
}
