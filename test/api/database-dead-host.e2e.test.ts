import { freePort } from '../../runtime/ports.js';
import { forwarder, type Forwarder } from '../support/forwarder.js';
import { request, type JsonResponse } from '../support/http.js';
import { TestStack, type TestUser } from '../support/stack.js';
import { droppingHost, silentHost } from '../platform/dead-hosts.js';

/**
 * The API's own PostgreSQL becoming unreachable: the API reaches it through an address of this
 * file's, which first forwards to the suite's PostgreSQL and is then taken by a dead host (or by
 * nothing: connections refused). Each way the API answers 503 service_unavailable_error with
 * Retry-After, naming no host; a connection attempt that times out (1 s here) takes the path of a
 * refused one, and healthz's 503 says why.
 */
const suiteDatabase = new URL(process.env.WAYPLAN_TEST_DATABASE_URL!);
let address: number;
let stack: TestStack;
let user: TestUser;

let forwarding: Forwarder;

beforeAll(async () => {
  address = await freePort();
  forwarding = await forwarder(address, suiteDatabase.host);
  const url = new URL(suiteDatabase);
  url.port = String(address);
  // Not shorter: the API's start connects its change listener within this too, and on a loaded
  // machine that first connection of the process took more than 0.2 s.
  stack = await TestStack.start({ DATABASE_URL: url.toString(), WAYPLAN_CONNECT_TIMEOUT: '1' }, { workers: 0 });
  user = await stack.createUser();
});

afterAll(async () => {
  await stack?.stop();
  await forwarding?.close();
});

/** A request that needs the database first of all: authentication reads the user. */
const task = (): Promise<JsonResponse> => request(`${stack.baseUrl}/v1/tasks/t-unknown`, { headers: { authorization: user.basic } });
const health = (): Promise<JsonResponse> => request(`${stack.baseUrl}/healthz`);

let refused: JsonResponse;

test('a refused connection: 503 service_unavailable_error with Retry-After, and healthz 503', async () => {
  expect((await task()).status).toBe(404);
  await forwarding.close();
  refused = await task();
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('5');
  expect(refused.body).toEqual({
    status_code: 503,
    error_code: 'service_unavailable_error',
    message: 'The service cannot reach its database at the moment; retry shortly.',
  });
  const healthz = await health();
  expect({ status: healthz.status, body: healthz.body }).toEqual({
    status: 503,
    body: { status: 'unavailable', postgres: 'connection failed: ECONNREFUSED', temporal: 'ok' },
  });
});

const deadHosts = { silent: silentHost, dropping: droppingHost };

test.each(Object.keys(deadHosts) as (keyof typeof deadHosts)[])(
  'a %s host: the answer of a refused connection once the attempt has timed out',
  async (kind) => {
    const host = await deadHosts[kind](address);
    try {
      const answer = await task();
      expect({ status: answer.status, retryAfter: answer.headers.get('retry-after'), body: answer.body }).toEqual({
        status: refused.status,
        retryAfter: '5',
        body: refused.body,
      });
      const healthz = await health();
      // What failed, without the address (the log has it): the body is for anyone.
      expect({ status: healthz.status, body: healthz.body }).toEqual({
        status: 503,
        body: { status: 'unavailable', postgres: 'connect timed out after 1 s', temporal: 'ok' },
      });
    } finally {
      await host.close();
    }
  },
  // Without the connect timeout the dropping host holds the request 133 s, the silent one for ever.
  20_000,
);

test('once the database is back, requests are served again', async () => {
  forwarding = await forwarder(address, suiteDatabase.host);
  expect((await task()).status).toBe(404);
});
