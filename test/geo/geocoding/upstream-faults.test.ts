import { createServer } from 'node:net';
import { GeoserviceError } from '../../../geo/geocoding/geoservice-error.js';
import { CircuitBreaker } from '../../../geo/geocoding/upstream/circuit-breaker.js';
import { nominatimProtocol } from '../../../geo/geocoding/upstream/nominatim.js';
import { peliasProtocol } from '../../../geo/geocoding/upstream/pelias.js';
import { UpstreamGeocoder } from '../../../geo/geocoding/upstream/upstream-geocoder.js';
import type { UpstreamHttpOptions } from '../../../geo/geocoding/upstream/upstream-http.js';
import { FakeUpstream, fakeLocation } from './fake-upstream.js';

function options(overrides: Partial<UpstreamHttpOptions> = {}): UpstreamHttpOptions {
  return { timeoutMs: 300, maxAttempts: 3, backoffBaseMs: 10, backoffMaxMs: 2000, breaker: new CircuitBreaker(100, 1000), ...overrides };
}

async function failure(promise: Promise<unknown>): Promise<GeoserviceError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof GeoserviceError) return err;
    throw err;
  }
  throw new Error('expected a GeoserviceError');
}

describe('upstream geocoders against a faulty server', () => {
  let upstream: FakeUpstream;

  beforeEach(async () => {
    upstream = await new FakeUpstream().start();
  });

  afterEach(() => upstream.stop());

  const query = { text: '12 avenue de la costa', maxResults: 3 };

  it('answers Nominatim and Pelias searches and reverse lookups', async () => {
    const nominatim = new UpstreamGeocoder(nominatimProtocol, upstream.url, options());
    const [place] = await nominatim.geocode(query);
    expect(place).toMatchObject({ location: fakeLocation(query.text), formattedAddress: `Nominatim ${query.text}`, country: 'MC' });
    const [back] = await nominatim.reverse({ lat: 43.73, lon: 7.42 }, 3);
    expect(back!.formattedAddress).toBe('Nominatim 43.73,7.42');
    const pelias = new UpstreamGeocoder(peliasProtocol('key'), upstream.url, options());
    const [feature] = await pelias.geocode(query);
    expect(feature).toMatchObject({
      location: fakeLocation(query.text),
      formattedAddress: `Pelias ${query.text}`,
      confidence: 0.9,
      country: 'MC',
    });
  });

  it('retries 500s and succeeds once the server recovers', async () => {
    upstream.behaviour = ({ attempt }) => (attempt < 3 ? { kind: 'status', status: 500 } : { kind: 'ok' });
    const [place] = await new UpstreamGeocoder(nominatimProtocol, upstream.url, options()).geocode(query);
    expect(place!.location).toEqual(fakeLocation(query.text));
    expect(upstream.requests.get(query.text)).toBe(3);
  });

  it('gives up after the bounded number of attempts with geoservice_exceeded_maximum_retries', async () => {
    upstream.behaviour = () => ({ kind: 'status', status: 503 });
    const error = await failure(new UpstreamGeocoder(nominatimProtocol, upstream.url, options()).geocode(query));
    expect(error).toMatchObject({ code: 'geoservice_exceeded_maximum_retries', transient: true });
    expect(upstream.requests.get(query.text)).toBe(3);
  });

  it('waits as long as Retry-After says before trying again', async () => {
    upstream.behaviour = ({ attempt }) => (attempt === 1 ? { kind: 'status', status: 429, retryAfter: '1' } : { kind: 'ok' });
    const pauses: number[] = [];
    const pause = (ms: number): Promise<void> => {
      pauses.push(ms);
      return Promise.resolve();
    };
    await new UpstreamGeocoder(nominatimProtocol, upstream.url, options({ pause })).geocode(query);
    expect(pauses).toEqual([1000]);
    expect(upstream.requests.get(query.text)).toBe(2);
  });

  it('leaves a Retry-After longer than its patience to the caller, with the delay', async () => {
    upstream.behaviour = () => ({ kind: 'status', status: 429, retryAfter: '30' });
    const error = await failure(new UpstreamGeocoder(nominatimProtocol, upstream.url, options()).geocode(query));
    expect(error).toMatchObject({ code: 'geoservice_exceeded_maximum_retries', transient: true, retryAfterMs: 30000 });
    expect(upstream.requests.get(query.text)).toBe(1);
  });

  it('times out a hanging server and survives dropped connections', async () => {
    upstream.behaviour = ({ attempt }) => (attempt === 1 ? { kind: 'hang' } : attempt === 2 ? { kind: 'drop' } : { kind: 'ok' });
    const [place] = await new UpstreamGeocoder(nominatimProtocol, upstream.url, options()).geocode(query);
    expect(place!.location).toEqual(fakeLocation(query.text));
    // The hanging request never answers: only the timeout lets the second and third requests go.
    expect(upstream.requests.get(query.text)).toBe(3);
  });

  it('does not retry what retrying cannot change', async () => {
    upstream.behaviour = () => ({ kind: 'status', status: 400 });
    expect(await failure(new UpstreamGeocoder(nominatimProtocol, upstream.url, options()).geocode(query))).toMatchObject({
      code: 'geoservice_error',
      transient: false,
    });
    upstream.behaviour = () => ({ kind: 'garbage' });
    expect(
      await failure(new UpstreamGeocoder(nominatimProtocol, upstream.url, options()).geocode({ ...query, text: 'other' })),
    ).toMatchObject({
      code: 'geoservice_error',
      transient: false,
    });
    upstream.behaviour = () => ({ kind: 'status', status: 401 });
    expect(
      await failure(new UpstreamGeocoder(nominatimProtocol, upstream.url, options()).geocode({ ...query, text: 'third' })),
    ).toMatchObject({
      code: 'geoservice_unavailable',
      transient: false,
    });
    expect(upstream.totalRequests).toBe(3);
  });

  it('reports a server nobody listens on as geoservice_unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const error = await failure(new UpstreamGeocoder(nominatimProtocol, `http://127.0.0.1:${port}`, options()).geocode(query));
    expect(error).toMatchObject({ code: 'geoservice_unavailable', transient: true });
  });

  it('opens the circuit after repeated failures, then lets one trial through after the cooldown', async () => {
    const breaker = new CircuitBreaker(3, 400);
    const geocoder = new UpstreamGeocoder(nominatimProtocol, upstream.url, options({ breaker, maxAttempts: 1 }));
    upstream.behaviour = () => ({ kind: 'status', status: 500 });
    for (let i = 0; i < 3; i++) await failure(geocoder.geocode({ ...query, text: `q${i}` }));
    expect(breaker.state).toBe('open');
    const fast = await failure(geocoder.geocode({ ...query, text: 'while open' }));
    expect(fast).toMatchObject({ code: 'geoservice_unavailable', transient: true });
    expect(fast.retryAfterMs).toBeGreaterThan(0);
    expect(upstream.requests.has('while open')).toBe(false);
    upstream.behaviour = () => ({ kind: 'ok' });
    await new Promise((r) => setTimeout(r, 450));
    await geocoder.geocode({ ...query, text: 'after cooldown' });
    expect(breaker.state).toBe('closed');
  });
});
