import { once } from 'node:events';
import net from 'node:net';
import { freePort } from '../../runtime/ports.js';
import { request, type JsonResponse } from '../support/http.js';
import { TestStack, type TestUser } from '../support/stack.js';
import { droppingHost, silentHost } from '../platform/dead-hosts.js';

/**
 * The API's own PostgreSQL becoming unreachable: the API reaches it through an address of this
 * file's, which first forwards to the suite's PostgreSQL and is then taken by a dead host (or by
 * nothing: connections refused). A connection attempt that times out (0.2 s here) takes the path of
 * a refused one: the same error_response, and healthz's 503 says why.
 */
const suiteDatabase = new URL(process.env.WAYPLAN_TEST_DATABASE_URL!);
let address: number;
let stack: TestStack;
let user: TestUser;

/** Forwards connections on `port` to the suite's PostgreSQL; `close` also cuts the ones made. */
async function forwarder(port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const database = net.connect(Number(suiteDatabase.port), suiteDatabase.hostname);
    for (const socket of [client, database]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        database.destroy();
      });
    }
    client.pipe(database).pipe(client);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

let forwarding: { close(): Promise<void> };

beforeAll(async () => {
  address = await freePort();
  forwarding = await forwarder(address);
  const url = new URL(suiteDatabase);
  url.port = String(address);
  stack = await TestStack.start({ DATABASE_URL: url.toString(), WAYPLAN_CONNECT_TIMEOUT: '0.2' }, { workers: 0 });
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

test('a refused connection: the documented internal_server_error, and healthz 503', async () => {
  expect((await task()).status).toBe(404);
  await forwarding.close();
  refused = await task();
  expect(refused.status).toBe(500);
  expect(refused.body).toEqual({ status_code: 500, error_code: 'internal_server_error', message: 'Unexpected failure; retry later.' });
  expect((await health()).body).toMatchObject({ status: 'unavailable', postgres: expect.stringContaining('ECONNREFUSED') });
});

const deadHosts = { silent: silentHost, dropping: droppingHost };

test.each(Object.keys(deadHosts) as (keyof typeof deadHosts)[])(
  'a %s host: the answer of a refused connection once the attempt has timed out',
  async (kind) => {
    const host = await deadHosts[kind](address);
    try {
      const answer = await task();
      expect({ status: answer.status, body: answer.body }).toEqual({ status: refused.status, body: refused.body });
      const healthz = await health();
      expect(healthz.status).toBe(503);
      expect(healthz.body).toMatchObject({ postgres: `connecting to PostgreSQL at 127.0.0.1:${address} timed out after 0.2 s` });
    } finally {
      await host.close();
    }
  },
  // Without the connect timeout the dropping host holds the request 133 s, the silent one for ever.
  20_000,
);

test('once the database is back, requests are served again', async () => {
  forwarding = await forwarder(address);
  expect((await task()).status).toBe(404);
});
