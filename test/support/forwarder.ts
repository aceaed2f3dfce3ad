import { once } from 'node:events';
import net from 'node:net';

export interface Forwarder {
  /** Stops listening and cuts the connections made through it. */
  close(): Promise<void>;
}

/** Writes what `from` sends to `to`, each chunk `delayMs()` (asked on its arrival) later, in order. */
function delayed(from: net.Socket, to: net.Socket, delayMs: () => number): void {
  let sent = Promise.resolve();
  from.on('data', (chunk: Buffer) => {
    const due = Date.now() + delayMs();
    sent = sent.then(() => new Promise((resolve) => setTimeout(resolve, due - Date.now()))).then(() => void to.write(chunk));
  });
}

/**
 * Forwards TCP connections on `port` (127.0.0.1) to `target` (`host:port`), so that a test can take
 * a service away from a process that knows it by this address, and give it back. `replyDelayMs`,
 * asked at each chunk the service sends, holds the chunk back that long (in order): a busy service.
 */
export async function forwarder(port: number, target: string, replyDelayMs?: () => number): Promise<Forwarder> {
  const { hostname, port: targetPort } = new URL(`tcp://${target}`);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const service = net.connect(Number(targetPort), hostname);
    for (const socket of [client, service]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        service.destroy();
      });
    }
    client.pipe(service);
    if (replyDelayMs === undefined) service.pipe(client);
    else delayed(service, client, replyDelayMs);
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
