import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../runtime/ports.js';
import { connectWorkerTemporal } from '../../worker/temporal-connection.js';
import { forwarder, type Forwarder } from '../support/forwarder.js';

const temporal = process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!;

describe('connectWorkerTemporal', () => {
  let relay: Forwarder | undefined;
  afterEach(async () => {
    await relay?.close();
    relay = undefined;
  });

  it('waits for a Temporal that is not listening yet', async () => {
    const port = await freePort();
    const connecting = connectWorkerTemporal(`127.0.0.1:${port}`, { timeoutMs: 120000, retryMs: 200 });
    let settled = false;
    void connecting.then(
      () => (settled = true),
      () => (settled = true),
    );
    // Refused for a while: the connection is still being tried, not given up.
    await sleep(1500);
    expect(settled).toBe(false);
    relay = await forwarder(port, temporal);
    const connection = await connecting;
    await connection.close();
  });

  it('gives up after its timeout, naming the address', async () => {
    const port = await freePort();
    await expect(connectWorkerTemporal(`127.0.0.1:${port}`, { timeoutMs: 1000, retryMs: 200 })).rejects.toThrow(
      `Temporal at 127.0.0.1:${port} did not answer within 1 s`,
    );
  });
});
