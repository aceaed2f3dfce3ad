/** How many keys the throttle remembers at most; beyond, the oldest are forgotten first. */
const maxTrackedKeys = 100_000;

/**
 * Failed logins per key (an `account:user`, or a client address) in a sliding window. Once a key has
 * `limit` failures in the window, further attempts are refused without checking the password until
 * the oldest failure leaves the window. Kept in memory per API process.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or undefined when it is not throttled. */
  retryAfterSeconds(key: string): number | undefined {
    const times = this.recent(key);
    if (times.length < this.limit) return undefined;
    return Math.max(1, Math.ceil((times[times.length - this.limit]! + this.windowMs - this.now()) / 1000));
  }

  failed(key: string): void {
    const times = this.recent(key);
    times.push(this.now());
    // Re-inserted so that the map's order is least recently failed first.
    this.failures.delete(key);
    this.failures.set(key, times.slice(-this.limit));
    for (const oldest of this.failures.keys()) {
      if (this.failures.size <= maxTrackedKeys) break;
      this.failures.delete(oldest);
    }
  }

  /** A correct password clears the key's failures. */
  succeeded(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }
}
