import { createServer, Socket } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export function portIsOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolveOpen) => {
    const socket = new Socket();
    const done = (open: boolean): void => {
      socket.destroy();
      resolveOpen(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

export async function waitForPort(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await portIsOpen(port, host))) {
    if (Date.now() > deadline) throw new Error(`nothing answered on ${host}:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a server's start failed because a port it was to listen on is taken. */
export function isPortClash(err: unknown): boolean {
  const message = typeof err === 'object' && err !== null ? (err as { message?: unknown }).message : undefined;
  return typeof message === 'string' && /address already in use|could not bind/i.test(message);
}

/**
 * Starts a server, and again on fresh ports when a port was taken: a port found free is bound only
 * later, so a parallel start (another service, a test worker, the Temporal CLI's own random internal
 * ports) can take it in between. `start` gets the attempt number, 1 first; other failures are not
 * retried.
 */
export async function startOnFreePorts<T>(start: (attempt: number) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(attempt);
    } catch (err) {
      if (attempt >= attempts || !isPortClash(err)) throw err;
    }
  }
}
