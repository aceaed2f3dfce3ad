import { createHash } from 'node:crypto';
import { useTestStack } from '../support/stack.js';
import { postJson, request } from '../support/http.js';

const { stack, user: owner } = useTestStack({ WAYPLAN_SESSION_TTL: '2' });

const login = (username: string, password: string, application = 'session') =>
  postJson(`${stack.baseUrl}/auth/login`, { username, password, application });

describe('authentication', () => {
  test('no credentials: 401 authentication_required_error', async () => {
    const response = await request(`${stack.baseUrl}/v1/tasks`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status_code: 401, error_code: 'authentication_required_error' });
    expect(typeof response.body.message).toBe('string');
  });

  test('Basic with the colon percent-encoded or plain both work', async () => {
    expect((await request(`${stack.baseUrl}/v1/tasks`, { headers: { authorization: owner.basic } })).status).toBe(200);
    const plain = `Basic ${Buffer.from(`${owner.account}:${owner.user}:${owner.password}`).toString('base64')}`;
    expect((await request(`${stack.baseUrl}/v1/tasks`, { headers: { authorization: plain } })).status).toBe(200);
  });

  test.each([
    ['a wrong password', () => `Basic ${Buffer.from(`${owner.account}%3A${owner.user}:wrong-password`).toString('base64')}`],
    ['an unknown user', () => `Basic ${Buffer.from(`${owner.account}%3Anobody:${owner.password}`).toString('base64')}`],
    ['a username without account', () => `Basic ${Buffer.from(`${owner.user}:${owner.password}`).toString('base64')}`],
    ['a non-Basic scheme', () => 'Bearer abc.def.ghi'],
    ['garbage', () => 'Basic !!!'],
  ])('Basic with %s: 401 invalid_basic_auth_error', async (_label, header) => {
    const response = await request(`${stack.baseUrl}/v1/tasks`, { headers: { authorization: header() } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status_code: 401, error_code: 'invalid_basic_auth_error' });
  });

  test('unknown session id: 401 invalid_session_id_error', async () => {
    const response = await request(`${stack.baseUrl}/v1/tasks`, {
      headers: { 'x-service-session-id': '00000000-0000-0000-0000-000000000000' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status_code: 401, error_code: 'invalid_session_id_error' });
  });

  test('login issues a session; a failed login answers 401 with success false', async () => {
    const ok = await login(`${owner.account}:${owner.user}`, owner.password);
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect(ok.body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const used = await request(`${stack.baseUrl}/v1/tasks`, { headers: { 'x-service-session-id': ok.body.sessionId } });
    expect(used.status).toBe(200);

    for (const bad of [login(`${owner.account}:${owner.user}`, 'nope'), login(`${owner.account}:${owner.user}`, owner.password, 'other')]) {
      const response = await bad;
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
    }
  });

  test('the session id works under the documented X-Telogis-Session-Id header as well', async () => {
    const { body } = await login(`${owner.account}:${owner.user}`, owner.password);
    const telogis = await request(`${stack.baseUrl}/v1/tasks`, {
      headers: { 'X-Telogis-Session-Id': body.sessionId, 'content-type': 'application/json' },
    });
    expect(telogis.status).toBe(200);
    const unknown = await request(`${stack.baseUrl}/v1/tasks`, {
      headers: { 'X-Telogis-Session-Id': '00000000-0000-0000-0000-000000000000' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ status_code: 401, error_code: 'invalid_session_id_error' });
  });

  test("each use moves a session's expiry to WAYPLAN_SESSION_TTL seconds after it; past that, the session is gone", async () => {
    const { body } = await login(`${owner.account}:${owner.user}`, owner.password);
    const use = () => request(`${stack.baseUrl}/v1/tasks`, { headers: { 'x-service-session-id': body.sessionId } });
    const idHash = createHash('sha256').update(body.sessionId).digest();
    const databaseNow = async (): Promise<Date> => (await stack.query('SELECT clock_timestamp() AS t')).rows[0].t;
    const expiry = async (): Promise<Date> =>
      (await stack.query('SELECT expires_time FROM sessions WHERE id_hash = $1', [idHash])).rows[0].expires_time;
    // Far from expiring (a busy machine may take seconds between two requests), then used once: the
    // expiry becomes the TTL after that use, by the database's clock.
    await stack.query(`UPDATE sessions SET expires_time = clock_timestamp() + interval '1 minute' WHERE id_hash = $1`, [idHash]);
    const from = await databaseNow();
    expect((await use()).status).toBe(200);
    const to = await databaseNow();
    const expires = (await expiry()).getTime();
    expect(expires).toBeGreaterThanOrEqual(from.getTime() + 2000);
    expect(expires).toBeLessThanOrEqual(to.getTime() + 2000);
    // Once that moment has passed without a use, the session is gone.
    await stack.query(`UPDATE sessions SET expires_time = clock_timestamp() - interval '1 millisecond' WHERE id_hash = $1`, [idHash]);
    const expired = await use();
    expect(expired.status).toBe(401);
    expect(expired.body.error_code).toBe('invalid_session_id_error');
  });
});
