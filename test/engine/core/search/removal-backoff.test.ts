import { RemovalBackoff } from '../../../../engine/core/search/removal-backoff.js';
import { Random } from '../../../../engine/core/structures/prng.js';

const ROUNDS = 4000;

/** Attempts from one route count over ROUNDS restarts when every attempt ends as `succeeds` says. */
function attempts(succeeds: boolean, seed: number): RemovalBackoff {
  const backoff = new RemovalBackoff(new Random(seed));
  for (let round = 0; round < ROUNDS; round++) if (backoff.attempt(10)) backoff.record(10, succeeds);
  return backoff;
}

describe('route-removal backoff', () => {
  it('always attempts while removals succeed', () => {
    const backoff = attempts(true, 1);
    expect(backoff.tried).toBe(ROUNDS);
    expect(backoff.skipped).toBe(0);
  });

  it('attempts ever more rarely from a route count where removals keep failing', () => {
    for (const seed of [1, 2, 3]) {
      const backoff = attempts(false, seed);
      expect(backoff.tried + backoff.skipped).toBe(ROUNDS);
      // The k-th failure waits 2^k restarts on average, so ROUNDS restarts hold about log2(ROUNDS) attempts.
      expect(backoff.tried).toBeGreaterThan(3);
      expect(backoff.tried).toBeLessThan(30);
    }
  });

  it('keeps failures per route count and clears them on a success', () => {
    const backoff = new RemovalBackoff(new Random(7));
    for (let failure = 0; failure < 20; failure++) backoff.record(10, false);
    let fromTen = 0;
    let fromEleven = 0;
    for (let round = 0; round < 100; round++) {
      if (backoff.attempt(10)) fromTen++;
      if (backoff.attempt(11)) fromEleven++;
    }
    expect(fromTen).toBe(0);
    expect(fromEleven).toBe(100);
    backoff.record(10, true);
    expect(backoff.attempt(10)).toBe(true);
  });
});
