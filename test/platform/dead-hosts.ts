import { once } from 'node:events';
import net from 'node:net';
import { Worker } from 'node:worker_threads';

/** A stand-in for a platform host that cannot be worked with; `close` frees what it holds. */
export interface DeadHost {
  port: number;
  close(): Promise<void>;
}

/** A connection the silent host accepted; `closed` settles once the client has given it up. */
export interface SilentConnection {
  closed: Promise<void>;
}

/**
 * A host whose server accepts the TCP connection and then never says a word (a hung PostgreSQL, a
 * proxy in front of a dead one), on `port` (a free one by default).
 */
export async function silentHost(port = 0): Promise<DeadHost & { nextConnection(): Promise<SilentConnection> }> {
  const server = net.createServer();
  const sockets: net.Socket[] = [];
  const waiting: ((connection: SilentConnection) => void)[] = [];
  server.on('connection', (socket) => {
    sockets.push(socket);
    // Reads what the client sends (and throws it away): only a read socket sees the client's end.
    socket.resume();
    const closed = once(socket, 'close').then(() => undefined);
    waiting.shift()?.({ closed });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    nextConnection: () => new Promise((resolve) => waiting.push(resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A host that drops the connection's packets, as a firewall or a dead host does: a listening socket
 * whose thread never accepts, with its accept queue filled by two connections of our own (backlog 1
 * holds two on Linux), so the kernel drops each further SYN and a client stays in SYN-SENT until
 * its own timeout (the OS's: 133 s). On `port`, a free one by default.
 */
export async function droppingHost(port = 0): Promise<DeadHost> {
  const blocked = new Int32Array(new SharedArrayBuffer(4));
  const thread = new Worker(
    `const { createServer } = require('node:net');
     const { parentPort, workerData } = require('node:worker_threads');
     const server = createServer();
     server.listen({ port: workerData.port, host: '127.0.0.1', backlog: 1 }, () => {
       parentPort.postMessage(server.address().port);
       // Blocks this thread's event loop in the same breath, so that it accepts nothing until the test lets go.
       Atomics.wait(workerData.blocked, 0, 0);
     });`,
    { eval: true, workerData: { blocked, port } },
  );
  const [listening] = (await once(thread, 'message')) as [number];
  const fillers: net.Socket[] = [];
  for (let i = 0; i < 2; i++) {
    const filler = net.connect(listening, '127.0.0.1');
    await once(filler, 'connect');
    fillers.push(filler);
  }
  return {
    port: listening,
    close: async () => {
      for (const filler of fillers) filler.destroy();
      Atomics.store(blocked, 0, 1);
      Atomics.notify(blocked, 0);
      await thread.terminate();
    },
  };
}
