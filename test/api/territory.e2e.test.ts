import { useTestStack } from '../support/stack.js';
import { postJson, request, type JsonResponse } from '../support/http.js';
import { cityJobs, expectValidZones, type Zone } from '../engine/territory/territory-fixtures.js';

const { stack, user } = useTestStack({ WAYPLAN_WAIT_SECONDS: '10', WAYPLAN_TRAVEL_PROVIDER: 'straight_line' });

const auth = () => ({ authorization: user.basic });

/** POST with wait=1, following 302s to the result until it is ready. */
async function waitResult(path: string, body: unknown): Promise<JsonResponse> {
  let response = await postJson(`${stack.baseUrl}${path}?wait=1`, body, auth());
  const deadline = Date.now() + 60000;
  while (response.status === 302 && Date.now() < deadline) {
    response = await request(new URL(response.headers.get('location')!, `${stack.baseUrl}/v1/`).toString(), { headers: auth() });
  }
  return response;
}

describe('territory operations over HTTP', () => {
  test('POST /v1/zones?wait=1 answers balanced, valid zones', async () => {
    const jobs = cityJobs(400, 5);
    const response = await waitResult('/v1/zones', { jobs, zone_count: 4, variance: { stop_count_variance: 2 } });
    expect(response.status).toBe(200);
    const zones = response.body as Zone[];
    expect(zones).toHaveLength(4);
    for (const zone of zones)
      expect(zone.balance).toMatchObject({ variance_kind: 'stop_count_variance', mean: 100, within_variance: true });
    expectValidZones(
      zones,
      jobs.map((job) => job.location),
    );
  });

  test('POST /v1/centroids?wait=1 answers the drivers with centroids; a required job pulls its driver', async () => {
    const jobs = [
      ...Array.from({ length: 10 }, (_, i) => ({ id: `w${i}`, location: `47.6, ${(-122.45 + i * 0.002).toFixed(3)}` })),
      ...Array.from({ length: 10 }, (_, i) => ({
        id: `e${i}`,
        location: `47.6, ${(-122.15 + i * 0.002).toFixed(3)}`,
        required_driver: 'east',
      })),
    ];
    const response = await waitResult('/v1/centroids', { drivers: [{ id: 'east' }, { id: 'west' }], jobs });
    expect(response.status).toBe(200);
    const drivers = response.body.drivers as { id: string; centroid: string }[];
    expect(drivers.map((driver) => driver.id)).toEqual(['east', 'west']);
    const lon = (id: string) => Number(drivers.find((driver) => driver.id === id)!.centroid.split(',')[1]);
    expect(lon('east')).toBeGreaterThan(-122.2);
    expect(lon('west')).toBeLessThan(-122.4);
  });

  test('bad input answers 400 with the property paths', async () => {
    const noCount = await postJson(
      `${stack.baseUrl}/v1/zones?wait=1`,
      { jobs: cityJobs(3), variance: { stop_count_variance: 1, marker_count_variance: 1 } },
      auth(),
    );
    expect(noCount.status).toBe(400);
    expect(noCount.body.error_code).toBe('validation_failed_error');
    const properties = (noCount.body.errors as { property: string; code: string }[]).map((error) => `${error.property} ${error.code}`);
    expect(properties).toEqual(expect.arrayContaining(['request.variance variance_kind_count_error']));
    expect(properties.some((property) => property.startsWith('request.zone_count'))).toBe(true);

    const badDriver = await postJson(
      `${stack.baseUrl}/v1/centroids?wait=1`,
      { drivers: [{ id: 'a', centroid: 'nowhere' }], jobs: cityJobs(2) },
      auth(),
    );
    expect(badDriver.status).toBe(400);
    expect(badDriver.body.errors.map((error: { property: string }) => error.property)).toContain('request.drivers[0].centroid');

    const nothing = await waitResult('/v1/zones', { zone_count: 2 });
    expect(nothing.status).toBe(400);
    expect(nothing.body).toMatchObject({
      error_code: 'validation_failed_error',
      errors: [{ property: 'request.jobs', code: 'too_few_items_error' }],
    });
  });
});
