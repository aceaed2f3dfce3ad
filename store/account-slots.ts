import type pg from 'pg';
import { connectClient, type ConnectionLimits } from './db.js';

/** `work`: a request being served; `wait`: a long-poll waiting for a change. */
export type SlotKind = 'work' | 'wait';

/** One held slot; `session` tells a slot of a lost connection (already free) from a current one. */
export interface Slot {
  readonly kind: SlotKind;
  readonly account: string;
  readonly index: number;
  readonly session: number;
}

/** PostgreSQL could not be asked; the caller answers 503. */
export class SlotStoreUnavailableError extends Error {}

/** No connection could be made: retrying at once would only queue more requests behind it. */
class UnreachableError extends SlotStoreUnavailableError {}

// After a failed connection attempt, requests fail at once for this long instead of each trying.
const reconnectPauseMs = 1000;

// A query that takes longer than this means PostgreSQL is in trouble: give the connection up.
const queryTimeoutMs = 5000;

/**
 * Per-account slots shared by every API process through PostgreSQL session advisory locks: slot i
 * of kind k for account a is the lock (hashtext('wayplan:k:a'), i). A process holds all its slots
 * on one connection of its own, so the slots of a process that dies are free the moment PostgreSQL
 * sees its connection close: no lease to expire, nothing to clean up. When the connection is lost
 * (a PostgreSQL restart), every slot of this process is free at once; requests still running then
 * are no longer counted until they end.
 */
export class AccountSlots {
  private client: pg.Client | undefined;
  private session = 0;
  /** Slots this process holds in the current session, per `kind:account` (locks are re-entrant per session, so these must be skipped). */
  private held = new Map<string, Set<number>>();
  /** Queries run one at a time, so `held` is exact when each acquire picks its candidates. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private unreachableUntil = 0;

  /**
   * `limits`: the bounds of every connection to wayplan's own PostgreSQL: a host that never answers
   * fails the request within the connect timeout, and TCP keepalive notices a host that died
   * without closing the connection while it is idle, rather than the next request's query waiting
   * out its 5 s.
   */
  constructor(
    private readonly databaseUrl: string,
    private readonly limits: ConnectionLimits,
  ) {}

  /**
   * A free slot of the account, or undefined when all `limit` are held (by any process). A
   * connection found broken is replaced once before giving up.
   */
  acquire(kind: SlotKind, account: string, limit: number): Promise<Slot | undefined> {
    return this.serialized(() =>
      this.tryAcquire(kind, account, limit).catch((err: unknown) => {
        if (err instanceof UnreachableError) throw err;
        return this.tryAcquire(kind, account, limit);
      }),
    );
  }

  private async tryAcquire(kind: SlotKind, account: string, limit: number): Promise<Slot | undefined> {
    const client = await this.connection();
    const session = this.session;
    const mine = this.held.get(`${kind}:${account}`) ?? new Set<number>();
    const candidates = Array.from({ length: limit }, (_, i) => i).filter((i) => !mine.has(i));
    if (candidates.length === 0) return undefined;
    // LIMIT 1 stops at the first lock won, so no other slot is taken by the same query.
    const result = await this.run(client, 'SELECT s FROM unnest($2::int[]) AS s WHERE pg_try_advisory_lock(hashtext($1), s) LIMIT 1', [
      `wayplan:${kind}:${account}`,
      candidates,
    ]);
    const index: number | undefined = result.rows[0]?.s;
    if (index === undefined || session !== this.session) return undefined;
    mine.add(index);
    this.held.set(`${kind}:${account}`, mine);
    return { kind, account, index, session };
  }

  /** Frees a slot; a slot of a lost connection is free already. */
  release(slot: Slot): Promise<void> {
    return this.serialized(async () => {
      const mine = this.held.get(`${slot.kind}:${slot.account}`);
      if (slot.session !== this.session || !this.client || !mine?.delete(slot.index)) return;
      if (mine.size === 0) this.held.delete(`${slot.kind}:${slot.account}`);
      await this.run(this.client, 'SELECT pg_advisory_unlock(hashtext($1), $2)', [
        `wayplan:${slot.kind}:${slot.account}`,
        slot.index,
      ]).catch(() => undefined);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async connection(): Promise<pg.Client> {
    if (this.closed) throw new SlotStoreUnavailableError('the slot store is closed');
    if (this.client) return this.client;
    if (Date.now() < this.unreachableUntil) throw new UnreachableError('PostgreSQL was unreachable a moment ago');
    let client: pg.Client;
    try {
      client = await connectClient(this.databaseUrl, this.limits);
    } catch (err) {
      this.unreachableUntil = Date.now() + reconnectPauseMs;
      throw new UnreachableError(`PostgreSQL is unreachable: ${(err as Error).message}`);
    }
    client.on('error', () => this.lose(client));
    client.on('end', () => this.lose(client));
    this.client = client;
    return client;
  }

  private async run(client: pg.Client, sql: string, params: unknown[]): Promise<pg.QueryResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SlotStoreUnavailableError('PostgreSQL did not answer in time')), queryTimeoutMs);
    });
    try {
      return await Promise.race([client.query(sql, params), timeout]);
    } catch (err) {
      // The answer may still come and hold a lock nobody knows of: end the session, which frees it.
      this.lose(client);
      await client.end().catch(() => undefined);
      throw err instanceof SlotStoreUnavailableError ? err : new SlotStoreUnavailableError((err as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The connection is gone and with it every lock of this session. */
  private lose(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.session += 1;
    this.held = new Map();
  }
}
