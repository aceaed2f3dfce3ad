import { createServer, type Server } from 'node:net';
import { freePort, isPortClash, startOnFreePorts } from '../../runtime/ports.js';

function listen(port: number): Promise<Server> {
  return new Promise((resolveServer, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveServer(server));
  });
}

const close = (server: Server): Promise<void> => new Promise((r) => server.close(() => r()));

describe('startOnFreePorts', () => {
  it('starts again on a fresh port when the chosen one was taken before the bind', async () => {
    const taken = await listen(await freePort());
    const takenPort = (taken.address() as { port: number }).port;
    const tried: number[] = [];
    const server = await startOnFreePorts(async (attempt) => {
      const port = attempt === 1 ? takenPort : await freePort();
      tried.push(port);
      return listen(port);
    });
    expect(tried).toHaveLength(2);
    expect(tried[0]).toBe(takenPort);
    expect((server.address() as { port: number }).port).toBe(tried[1]);
    await Promise.all([close(server), close(taken)]);
  });

  it('gives up after its attempts, with the clash as the error', async () => {
    const taken = await listen(await freePort());
    const takenPort = (taken.address() as { port: number }).port;
    let attempts = 0;
    const start = startOnFreePorts(() => {
      attempts++;
      return listen(takenPort);
    }, 3);
    await expect(start).rejects.toThrow(/EADDRINUSE/);
    expect(attempts).toBe(3);
    await close(taken);
  });

  it('does not retry a failure that is not a port clash', async () => {
    let attempts = 0;
    const start = startOnFreePorts(() => {
      attempts++;
      return Promise.reject(new Error('PostgreSQL exited during start: FATAL: data directory has wrong ownership'));
    });
    await expect(start).rejects.toThrow(/wrong ownership/);
    expect(attempts).toBe(1);
  });

  it('knows the clash messages of Node, PostgreSQL and the Temporal CLI', () => {
    expect(isPortClash(new Error('listen EADDRINUSE: address already in use 127.0.0.1:5000'))).toBe(true);
    expect(isPortClash(new Error('LOG:  could not bind IPv4 address "127.0.0.1": Address already in use'))).toBe(true);
    expect(isPortClash(new Error('listen tcp 127.0.0.1:43531: bind: address already in use'))).toBe(true);
    expect(isPortClash(new Error('connection refused'))).toBe(false);
    expect(isPortClash('address already in use')).toBe(false);
  });
});
