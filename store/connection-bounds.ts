import pg from 'pg';

/** A connection attempt to wayplan's own PostgreSQL outlasted the connect timeout; the message names the host for the log. */
export class DatabaseConnectTimeoutError extends Error {
  constructor(
    host: string,
    readonly timeoutMs: number,
  ) {
    super(`connecting to PostgreSQL at ${host} timed out after ${timeoutMs / 1000} s`);
  }
}

/** Ends a client's connection attempt: the pool's connect callback gets `reason` as its error. */
export function stopConnecting(client: pg.Client, reason: unknown): void {
  client.connection.stream.destroy(reason as Error);
}

/**
 * A client class for pg.Pool whose connection attempt (TCP, TLS, login) ends after `timeoutMs` with
 * the error `timedOut` makes of the client's `host:port`; `connecting` holds the clients whose
 * attempt is in progress. Without it an attempt on a host that drops packets waits for the OS's TCP
 * connect timeout (133 s on Linux), and one on a host that accepts the connection and then says
 * nothing (a hung server, a proxy in front of a dead one) waits for ever. pg's own
 * `connectionTimeoutMillis` is not used: its error says neither what nor where, and on a pool it
 * also bounds the wait for a free client, which would fail work queued behind long statements.
 */
export function boundedClient(timeoutMs: number, timedOut: (host: string) => Error, connecting = new Set<pg.Client>()): typeof pg.Client {
  // The pool makes each client with `new Client(options)` and connects it at once.
  return class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      connecting.add(this);
      const host = `${this.host}:${this.port}`;
      const timer = setTimeout(() => stopConnecting(this, timedOut(host)), timeoutMs);
      // 'connect' comes once the server is ready for queries; 'end' once a failed attempt's socket is closed.
      const settled = (): void => {
        clearTimeout(timer);
        connecting.delete(this);
      };
      this.once('connect', settled);
      this.once('end', settled);
    }
  };
}

/**
 * TCP keepalive on a pool's connections: once one has been silent for `idleMs` the kernel probes
 * the peer (Node asks for 10 probes a second apart) and fails the connection when none is
 * answered. Without it a host that dies without closing its connections (power loss, a network
 * partition) leaves a statement it had received waiting for ever: the socket looks idle, and a
 * dead server cancels nothing at its statement timeout. (A request it never acknowledged waits for
 * the OS's retransmission timeout, about 15 minutes; keepalive does not probe while data is unacknowledged.)
 */
export function keepAlive(idleMs: number): Pick<pg.PoolConfig, 'keepAlive' | 'keepAliveInitialDelayMillis'> {
  return { keepAlive: true, keepAliveInitialDelayMillis: idleMs };
}
