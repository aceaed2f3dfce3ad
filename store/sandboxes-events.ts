import pg from 'pg';
import { sandboxChannel } from './sandboxes.js';

type Listener = () => void;

/**
 * Wakes long-polling revision requests when a sandbox gets a revision (or is deleted), through
 * PostgreSQL LISTEN/NOTIFY, so `revisions?wait=1` answers the moment any API process commits one.
 * The same mechanism as TaskEvents on a channel of its own.
 */
export class SandboxEvents {
  private client: pg.Client | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly databaseUrl: string) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.payload) this.emit(message.payload);
    });
    client.on('error', () => this.reconnect());
    client.on('end', () => this.reconnect());
    await client.connect();
    await client.query(`LISTEN ${sandboxChannel}`);
    this.client = client;
  }

  private reconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.client = undefined;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.start().then(
        // Revisions during the gap were not heard: wake everyone so they re-read their sandbox.
        () => [...this.listeners.keys()].forEach((id) => this.emit(id)),
        () => this.reconnect(),
      );
    }, 1000);
  }

  private emit(id: string): void {
    for (const listener of this.listeners.get(id) ?? []) listener();
  }

  /** Resolves on the next change of the sandbox, or after timeoutMs, or when the signal aborts. */
  nextChange(id: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolveWait) => {
      const set = this.listeners.get(id) ?? new Set<Listener>();
      this.listeners.set(id, set);
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0) this.listeners.delete(id);
        resolveWait();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      signal?.addEventListener('abort', done);
      set.add(done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    await this.client?.end().catch(() => undefined);
  }
}
