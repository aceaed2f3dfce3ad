import type pg from 'pg';
import { connectClient, type ConnectionLimits } from './db.js';

type Listener = () => void;

/** How many ids the notifications heard are remembered for (the most recent ones). */
const rememberedIds = 10_000;

/**
 * Wakes long-polling requests when something changes, through PostgreSQL LISTEN/NOTIFY on one
 * channel whose payload is the id of what changed (a task, a sandbox), so that `wait=1` answers
 * the moment any process commits the change.
 */
export class ChangeEvents {
  private client: pg.Client | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Counts the notifications heard; `heard` keeps the count at each id's last one, newest ids last. */
  private heardCount = 0;
  private readonly heard = new Map<string, number>();

  /**
   * `limits` bound the listening connection as the pools' are: without them a start on a host that
   * never answers (API start-up, or a reconnect) waited for ever, and a host that died without
   * closing the connection left it listening to nothing, so long-polls were never woken.
   */
  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly limits: ConnectionLimits,
  ) {}

  async start(): Promise<void> {
    const client = await connectClient(this.databaseUrl, this.limits);
    client.on('notification', (message) => {
      if (message.payload) this.emit(message.payload);
    });
    client.on('error', () => this.reconnect());
    client.on('end', () => this.reconnect());
    await client.query(`LISTEN ${this.channel}`);
    // Closed while this (re)connection was under way: nobody will end it otherwise.
    if (this.closed) await client.end().catch(() => undefined);
    else this.client = client;
  }

  private reconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.client = undefined;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.start().then(
        // Changes during the gap were not heard: wake everyone so they re-read what they wait on.
        () => [...this.listeners.keys()].forEach((id) => this.emit(id)),
        () => this.reconnect(),
      );
    }, 1000);
  }

  private emit(id: string): void {
    this.heardCount++;
    this.heard.delete(id);
    this.heard.set(id, this.heardCount);
    if (this.heard.size > rememberedIds) this.heard.delete(this.heard.keys().next().value!);
    for (const listener of this.listeners.get(id) ?? []) listener();
  }

  /** A point in the notifications heard so far, to give `nextChange` as `after`. */
  mark(): number {
    return this.heardCount;
  }

  /**
   * Resolves on the next change of `id`, or after timeoutMs, or when the signal aborts. With
   * `after` (a `mark()`), a change of `id` heard since that mark resolves it at once: one that
   * arrived while the caller was still reading or starting what it waits on is not lost.
   */
  nextChange(id: string, timeoutMs: number, signal?: AbortSignal, after?: number): Promise<void> {
    if (after !== undefined && (this.heard.get(id) ?? 0) > after) return Promise.resolve();
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
