import { useTestStack } from '../support/stack.js';
import { postJson, request } from '../support/http.js';

const { stack, user } = useTestStack({ WAYPLAN_BODY_LIMIT: '4096' });

function expectErrorBody(body: Record<string, unknown>, status: number, code: string): void {
  expect(body).toMatchObject({ status_code: status, error_code: code });
  expect(typeof body.message).toBe('string');
}

describe('request pipeline errors', () => {
  test('unknown path: 404 not_found_error', async () => {
    const response = await request(`${stack.baseUrl}/v1/no-such-thing`, { headers: { authorization: user.basic } });
    expect(response.status).toBe(404);
    expectErrorBody(response.body, 404, 'not_found_error');
  });

  test('authentication comes before routing', async () => {
    const response = await request(`${stack.baseUrl}/v1/no-such-thing`);
    expect(response.status).toBe(401);
  });

  test('wrong method: 405 method_not_allowed_error with Allow', async () => {
    const response = await request(`${stack.baseUrl}/v1/sequence`, { headers: { authorization: user.basic } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expectErrorBody(response.body, 405, 'method_not_allowed_error');
    const onTasks = await request(`${stack.baseUrl}/v1/tasks`, { method: 'DELETE', headers: { authorization: user.basic } });
    expect(onTasks.status).toBe(405);
    expect(onTasks.headers.get('allow')).toBe('GET');
  });

  test('wrong content type: 415 unsupported_media_type_error', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const response = await request(`${stack.baseUrl}/v1/sequence`, {
        method: 'POST',
        headers: { authorization: user.basic, ...headers },
        body: '{"routes":[]}',
      });
      expect(response.status).toBe(415);
      expectErrorBody(response.body, 415, 'unsupported_media_type_error');
    }
  });

  test('oversized body: 413 payload_too_large_error', async () => {
    const response = await postJson(
      `${stack.baseUrl}/v1/sequence`,
      { routes: [], padding: 'x'.repeat(10000) },
      { authorization: user.basic },
    );
    expect(response.status).toBe(413);
    expectErrorBody(response.body, 413, 'payload_too_large_error');
  });

  test('malformed JSON: 400 with invalid_json_error, line and position', async () => {
    const body = '{\n  "routes": [\n    {"id": "r1",}\n  ]\n}';
    const response = await request(`${stack.baseUrl}/v1/sequence`, {
      method: 'POST',
      headers: { authorization: user.basic, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 400, 'validation_failed_error');
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0]).toMatchObject({ code: 'invalid_json_error', line: 3, position: 17 });
    expect(response.body.extra_error_information).toEqual({ validation_failures_count: 1 });
  });

  test('a job given inline without location is reported in canonical numbering', async () => {
    const problem = { routes: [{ id: 'r1', location: '47.6, -122.3', jobs: [{ id: 'j1' }] }] };
    const response = await postJson(`${stack.baseUrl}/v1/sequence`, problem, { authorization: user.basic });
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 400, 'validation_failed_error');
    expect(response.body.errors).toContainEqual(
      expect.objectContaining({
        property: 'request.jobs[0].location',
        code: 'job_location_missing_error',
        parameters: { property_name: 'location' },
      }),
    );
    expect(response.body.extra_error_information.validation_failures_count).toBe(response.body.errors.length);
    expect(response.body.message).toContain(String(response.body.errors.length));
  });

  test('null where a value is required: null_value_error', async () => {
    const response = await postJson(`${stack.baseUrl}/v1/sequence`, { routes: [{ id: 'r1', jobs: null }] }, { authorization: user.basic });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual(expect.objectContaining({ property: 'request.routes[0].jobs', code: 'null_value_error' }));
  });

  test('all faults are listed at once', async () => {
    const problem = { routes: [{ id: 'r1', jobs: [{ id: 'a' }, { id: 'b' }] }] };
    const response = await postJson(`${stack.baseUrl}/v1/sequence`, problem, { authorization: user.basic });
    expect(response.status).toBe(400);
    const properties = response.body.errors.map((e: { property: string }) => e.property);
    expect(properties).toEqual(expect.arrayContaining(['request.jobs[0].location', 'request.jobs[1].location']));
  });

  test('GET /healthz needs no credentials; /v1/version reports versions', async () => {
    expect((await request(`${stack.baseUrl}/healthz`)).body).toMatchObject({ status: 'ok', postgres: 'ok', temporal: 'ok' });
    const version = await request(`${stack.baseUrl}/v1/version`, { headers: { authorization: user.basic } });
    expect(version.status).toBe(200);
    expect(version.body).toMatchObject({ api_version: 'v1', temporal_sdk_version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(version.body).not.toHaveProperty('node_version');
  });
});
