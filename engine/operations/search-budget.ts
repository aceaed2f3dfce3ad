import type { ResolvedProblem } from '../../model/resolve.js';

/** Without `settings.time_limit`, operations stop at a local optimum and never search longer than this. */
export const defaultTimeLimitSeconds = 5;

/** The wall-clock deadline of a search that starts now. */
export function searchDeadline(problem: ResolvedProblem, startedAt = Date.now()): number {
  const limit = problem.settings.time_limit ?? defaultTimeLimitSeconds;
  return startedAt + limit * 1000;
}

/** mulberry32: small, fast and seedable, so a search with a given seed replays exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
