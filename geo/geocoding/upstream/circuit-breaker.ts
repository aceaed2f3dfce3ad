/**
 * Stops calling an upstream that keeps failing: after `failureThreshold` failures in a row the
 * circuit opens and calls fail at once for `cooldownMs`; then one trial call at a time is let
 * through (half open) — a success closes the circuit, a failure opens it again.
 */
export class CircuitBreaker {
  private consecutiveFailures = 0;
  private openUntil = 0;
  private trialInFlight = false;

  constructor(
    private readonly failureThreshold: number,
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until a call may be tried, 0 when it may go now (and then it counts as the trial call). */
  waitMs(): number {
    if (this.consecutiveFailures < this.failureThreshold) return 0;
    const left = this.openUntil - this.now();
    if (left > 0) return left;
    if (this.trialInFlight) return Math.max(1, Math.round(this.cooldownMs / 10));
    this.trialInFlight = true;
    return 0;
  }

  succeeded(): void {
    this.consecutiveFailures = 0;
    this.trialInFlight = false;
  }

  failed(): void {
    this.consecutiveFailures++;
    this.trialInFlight = false;
    if (this.consecutiveFailures >= this.failureThreshold) this.openUntil = this.now() + this.cooldownMs;
  }

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.consecutiveFailures < this.failureThreshold) return 'closed';
    return this.openUntil > this.now() ? 'open' : 'half-open';
  }
}
