import { postJsonWaiting } from '../support/http.js';
import { TestStack, useTestStack, type TestUser } from '../support/stack.js';
import { FakeUpstream, fakeLocation } from '../geo/geocoding/fake-upstream.js';

describe('POST /v1/geocode and /v1/reverse_geocode with the local geocoder (demo map)', () => {
  const { stack, user } = useTestStack();

  it('geocodes addresses as a task with suggestions per address', async () => {
    const response = await postJsonWaiting(
      `${stack.baseUrl}/v1/geocode?wait=1`,
      {
        id: 'r1',
        addresses: [
          { id: 'a', query: '6 quai antoine 1er, 98000 monaco', max_results: 2 },
          { id: 'b', query: 'bd d italie 54' },
          { query: 'zzzz qqqq' },
        ],
      },
      { authorization: user.basic },
    );
    expect(response.status).toBe(200);
    const [quai, italie, nothing] = response.body.geocoded_locations;
    expect(response.body.id).toBe('r1');
    expect(quai.id).toBe('a');
    expect(quai.suggestions).toHaveLength(2);
    expect(quai.suggestions[0]).toMatchObject({ formatted_address: '6 Quai Antoine 1er, 98000 Monaco', confidence: 1 });
    expect(quai.suggestions[0].location).toMatch(/^43\.73\d+,7\.42\d+$/);
    expect(quai.suggestions[0].intersection).toMatch(/^43\.73\d+,7\.42\d+$/);
    expect(italie.suggestions[0]).toMatchObject({ formatted_address: "54 Boulevard d'Italie, 98000 Monaco", country: 'MC' });
    expect(nothing).toEqual({ suggestions: [] });
  });

  it('reverse geocodes locations to the nearest street', async () => {
    const response = await postJsonWaiting(
      `${stack.baseUrl}/v1/reverse_geocode?wait=1`,
      { locations: [{ id: 'p', location: '43.7384,7.4246' }] },
      { authorization: user.basic },
    );
    expect(response.status).toBe(200);
    expect(response.body.geocoded_locations[0].id).toBe('p');
    expect(response.body.geocoded_locations[0].suggestions[0].formatted_address).toContain('Avenue de');
  });

  it('validates the request', async () => {
    const response = await postJsonWaiting(`${stack.baseUrl}/v1/geocode`, { addresses: [{ query: '' }] }, { authorization: user.basic });
    expect(response.status).toBe(400);
    expect(response.body.error_code).toBe('validation_failed_error');
  });
});

describe('POST /v1/geocode with an upstream geocoder that fails', () => {
  let stack: TestStack;
  let user: TestUser;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    upstream = await new FakeUpstream().start();
    stack = await TestStack.start({
      WAYPLAN_GEOCODER: 'nominatim',
      WAYPLAN_GEOCODER_URL: upstream.url,
      WAYPLAN_GEOCODER_TIMEOUT_MS: '300',
      WAYPLAN_GEOCODER_MAX_ATTEMPTS: '2',
      WAYPLAN_GEOCODER_BACKOFF_MS: '20',
      WAYPLAN_GEOCODER_BREAKER_FAILURES: '1000',
    });
    user = await stack.createUser();
  });

  afterAll(async () => {
    await stack.stop();
    await upstream.stop();
  });

  it('reports a failed address on that address and answers the others', async () => {
    upstream.behaviour = ({ key }) =>
      key.includes('rejected') ? { kind: 'status', status: 400 } : key.includes('flaky') ? { kind: 'status', status: 503 } : { kind: 'ok' };
    const response = await postJsonWaiting(
      `${stack.baseUrl}/v1/geocode?wait=1`,
      { addresses: [{ query: 'good one' }, { query: 'rejected one' }, { query: 'flaky one' }] },
      { authorization: user.basic },
    );
    expect(response.status).toBe(200);
    const [good, rejected, flaky] = response.body.geocoded_locations;
    const location = fakeLocation('good one');
    expect(good.suggestions[0].location).toBe(`${location.lat},${location.lon}`);
    expect(rejected).toMatchObject({ suggestions: [], error: { status_code: 500, error_code: 'geoservice_error' } });
    expect(flaky).toMatchObject({ suggestions: [], error: { status_code: 500, error_code: 'geoservice_exceeded_maximum_retries' } });
    expect(upstream.requests.get('flaky one')).toBe(2);
  });

  it('answers 500 geostream_unavailable when no address could be processed (geoservice_unavailable when the upstream is down), and stores it as the task error', async () => {
    upstream.behaviour = () => ({ kind: 'status', status: 500 });
    const failed = await postJsonWaiting(
      `${stack.baseUrl}/v1/geocode?wait=1`,
      { addresses: [{ query: 'down 1' }, { query: 'down 2' }] },
      { authorization: user.basic },
    );
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({
      status_code: 500,
      error_code: 'geostream_unavailable',
      message: expect.stringContaining('geoservice_exceeded_maximum_retries'),
    });
    const task = await stack.query(
      `SELECT t.status, p.body FROM tasks t JOIN payloads p ON p.id = t.error_payload WHERE t.operation = 'geocode' ORDER BY t.started_time DESC LIMIT 1`,
    );
    expect(task.rows[0].status).toBe('failed');
    expect(JSON.parse(task.rows[0].body).error_code).toBe('geostream_unavailable');

    await upstream.stop();
    const unreachable = await postJsonWaiting(
      `${stack.baseUrl}/v1/reverse_geocode?wait=1`,
      { locations: [{ location: '43.73,7.42' }] },
      { authorization: user.basic },
    );
    expect(unreachable.status).toBe(500);
    expect(unreachable.body.error_code).toBe('geoservice_unavailable');
  });
});
