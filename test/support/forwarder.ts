import { once } from 'node:events';
import net from 'node:net';

export interface Forwarder {
  /** Stops listening and cuts the connections made through it. */
  close(): Promise<void>;
}

/**
 * Forwards TCP connections on `port` (127.0.0.1) to `target` (`host:port`), so that a test can take
 * a service away from a process that knows it by this address, and give it back.
 */
export async function forwarder(port: number, target: string): Promise<Forwarder> {
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
    client.pipe(service).pipe(client);
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
