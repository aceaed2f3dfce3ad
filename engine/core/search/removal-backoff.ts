import type { Random } from '../structures/prng.js';

/**
 * When to try a restart that removes a route. Once a plan is at its fewest routes every attempt
 * from that count fails and costs a full penalised repair (about 5 % of a run on Solomon RC1), so
 * after k failures in a row from a route count the next attempt from that count happens with
 * probability 2^-k; a success from it clears the count. Attempts from other counts are not affected.
 */
export class RemovalBackoff {
  private readonly failures = new Map<number, number>();
  /** Attempts made and attempts skipped, for the search's outcome. */
  tried = 0;
  skipped = 0;

  constructor(private readonly random: Random) {}

  /** Whether to attempt removing a route from a plan with `routes` routes. */
  attempt(routes: number): boolean {
    const failures = this.failures.get(routes) ?? 0;
    if (failures > 0 && this.random.nextFloat() >= Math.pow(2, -failures)) {
      this.skipped++;
      return false;
    }
    this.tried++;
    return true;
  }

  /** Records how the attempt from `routes` routes ended. */
  record(routes: number, succeeded: boolean): void {
    this.failures.set(routes, succeeded ? 0 : (this.failures.get(routes) ?? 0) + 1);
  }
}
