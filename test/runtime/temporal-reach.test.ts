import { Connection, isGrpcServiceError } from '@temporalio/client';
import { freePort } from '../../runtime/ports.js';
import { reachingWithin } from '../../runtime/temporal-reach.js';
import { silentHost } from '../platform/dead-hosts.js';

/**
 * A Temporal client connection whose calls may wait only so long to reach the server, against
 * addresses where no Temporal answers: nothing listening (refused), and a host that accepts the
 * connection and never speaks. The server's side of reaching it is in
 * test/api/temporal-dead-host.e2e.test.ts.
 */
async function failure(address: string, call: (connection: Connection) => Promise<unknown>): Promise<unknown> {
  const connection = Connection.lazy({ address, ...reachingWithin(200) });
  try {
    return await call(connection).then(
      () => 'answered',
      (err: unknown) => (isGrpcServiceError(err) ? { code: err.code, details: err.details } : err),
    );
  } finally {
    await connection.close();
  }
}

const notReached = { code: 4, details: 'no connection to the Temporal server within 200 ms' };
const systemInfo = (connection: Connection): Promise<unknown> => connection.workflowService.getSystemInfo({});

test('refused: the call fails with DEADLINE_EXCEEDED once the bound has passed, not UNAVAILABLE after the retries', async () => {
  expect(await failure(`127.0.0.1:${await freePort()}`, systemInfo)).toEqual(notReached);
});

test('a silent host: the call fails the same way, on the one connection the client opened', async () => {
  const host = await silentHost();
  let connections = 0;
  const counting = (): void => {
    connections++;
    void host.nextConnection().then(counting);
  };
  void host.nextConnection().then(counting);
  try {
    expect(await failure(`127.0.0.1:${host.port}`, systemInfo)).toEqual(notReached);
    expect(connections).toBe(1);
  } finally {
    await host.close();
  }
});

test('a call given a shorter deadline of its own, or aborted, while it waits for the connection ends so', async () => {
  const host = await silentHost();
  try {
    const address = `127.0.0.1:${host.port}`;
    expect(await failure(address, (c) => c.withDeadline(Date.now() + 50, () => systemInfo(c)))).toEqual({
      code: 4,
      details: 'Deadline exceeded',
    });
    const aborting = new AbortController();
    // The host has the connection once the call is waiting for it.
    void host.nextConnection().then(() => aborting.abort());
    const aborted = failure(address, (c) => c.withAbortSignal(aborting.signal, () => systemInfo(c)));
    expect(await aborted).toEqual({ code: 1, details: 'Cancelled on client' });
  } finally {
    await host.close();
  }
});
