import type { ResolvedProblem } from '../../model/resolve.js';

/** Without `settings.time_limit`, sequence stops at a local optimum and never searches longer than this. */
export const defaultTimeLimitSeconds = 5;

/**
 * Without `settings.time_limit`, build searches 5 s plus 30 ms per job, at most
 * MAX_DEFAULT_BUILD_SECONDS (1,000 jobs: 35 s; 10,000: 300 s); optimize, which starts from a plan,
 * half of that. Both stop earlier when their iteration budget is spent.
 */
export function defaultPlanningSeconds(operation: 'build' | 'optimize', jobs: number): number {
  const build = Math.min(MAX_DEFAULT_BUILD_SECONDS, 5 + 0.03 * jobs);
  return operation === 'build' ? build : build / 2;
}

/**
 * The longest default build. It was 60 s, which a day of 10,000 jobs spends before its first plan
 * is built: 10,000 jobs on one date, 200 routes, a morning or afternoon window each, capacities,
 * straight lines, 2 threads, seed 1: at 60 s the construction ran out of its share of the time,
 * the rest was placed cheaply on all 200 routes and 85 jobs were left out (cost 11,431.26); at
 * 300 s its first plan came at 67 s and the build routed every job on 108 routes (9,315.19).
 */
export const MAX_DEFAULT_BUILD_SECONDS = 300;

/**
 * Ruin-and-recreate iterations of a build or optimize: enough for the search to settle on small
 * problems long before the time limit, so that those runs end by themselves (and reproduce under a
 * seed); large problems use their whole time limit.
 */
export function planningIterations(operation: 'build' | 'optimize', jobs: number): number {
  const build = 2000 + 400 * jobs;
  return operation === 'build' ? build : build / 2;
}

/**
 * How the planning search of build and optimize runs, beyond what the request's settings say:
 * `threads` searches on as many cores (the worker gives its cores; default 1): from 200 jobs per
 * thread each improves its own region of the plan for most of the run, otherwise each searches it all sharing their best; and
 * `maxIterations`, a fixed iteration budget per thread that replaces planningIterations (tests and
 * benches: with a generous time_limit the run then ends on iterations and reproduces under a seed).
 */
export interface SearchTuning {
  threads?: number;
  maxIterations?: number;
}

/** `settings.random_seed`, default 1. */
export function searchSeed(problem: ResolvedProblem): number {
  return problem.settings.random_seed ?? 1;
}

/** The wall-clock deadline of a search that starts at `startedAt`, with `limit` seconds unless settings give one. */
export function searchDeadline(problem: ResolvedProblem, startedAt = Date.now(), limit = defaultTimeLimitSeconds): number {
  return startedAt + (problem.settings.time_limit ?? limit) * 1000;
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
