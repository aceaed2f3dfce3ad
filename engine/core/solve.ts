import type { CompiledInstance } from './compiled/compiled-instance.js';
import { RouteModel } from './route-model.js';
import { loadFeasibleRoutes } from './search/construction/initial-routes.js';
import { regretInsertion } from './search/construction/regret-insertion.js';
import { Deadline } from './search/deadline.js';
import { InsertionSearch } from './search/insertion-search.js';
import { LocalSearch } from './search/local-search.js';
import { MoveEvaluator } from './search/move-evaluator.js';
import { JobRanking, granularNeighbourhood, type RankingMeasure } from './search/neighbourhood.js';
import { BlinkInsertion } from './search/recreate/blink-insertion.js';
import { RouteExchange } from './search/population/route-exchange.js';
import { RuinAndRecreate, educatesCandidates, stallIterationsPerJob } from './search/ruin-and-recreate.js';
import { MixedRemoval } from './search/ruin/mixed-removal.js';
import { RouteRemoval } from './search/ruin/route-removal.js';
import { DEFAULT_STRING_REMOVAL, LARGE_PLAN_STRING_REMOVAL, StringRemoval } from './search/ruin/string-removal.js';
import type { SolveOptions, SolveResult } from './solve-options.js';
import { Random } from './structures/prng.js';
import { SEG_DISTANCE, SEG_DURATION, SEGMENT_STRIDE } from './structures/segment.js';
import { Solution } from './structures/solution.js';

/** Granular neighbourhood size: HGS's default, a good speed/quality balance up to ~1000 jobs. */
const NEIGHBOURS = 20;
/**
 * A ruin takes its strings (and a crossover its routes) from the routes nearest its seed job; past this many jobs the rest of
 * a ranking row is never read, and whole rows would cost jobs² memory (400 MB at 10,000 jobs).
 */
const RUIN_RANKED_JOBS = 256;
/**
 * Ruins and crossovers take the jobs near their seed by proximity in space and time, as the local
 * search's neighbours are chosen: with tight windows the jobs nearest in space are often ones no
 * route could serve next to the seed, and freeing them gives the recreate nothing to combine.
 * Without windows proximity is distance. Tuning split, process CPU, against distance: G&H 1000
 * `*_10_1` r1/r2/rc1/rc2 at 60 s, seeds 1-5, -0.18 % (19 pairs, 14 cheaper; r1 -0.27, rc2 -0.31 %);
 * G&H 400 `*_4_1` at 30 s, seeds 1-4, +0.08 % (16 pairs on r1/r2/rc1/rc2; c1/c2 even); even-numbered
 * Solomon at 10 s, seed 1, -0.07 % (RC102 -1.08 %, R206 +0.56 %, 12 of 16 even).
 */
const RUIN_RANKING: RankingMeasure = 'proximity';
/** Share of the time limit the construction may take before it finishes cheaply and leaves the rest to the search. */
export const CONSTRUCTION_SHARE = 0.7;

/** Solves one instance on the calling thread. */
export function solve(instance: CompiledInstance, options: SolveOptions): SolveResult {
  const started = performance.now();
  const model = new RouteModel(instance);
  const random = new Random(options.seed ?? 1);
  const evaluator = new MoveEvaluator(model);
  const insertion = new InsertionSearch(evaluator);
  const neighbourhood = granularNeighbourhood(instance, NEIGHBOURS);
  const localSearch = new LocalSearch(evaluator, neighbourhood, random);
  const nearby = new JobRanking(instance, RUIN_RANKED_JOBS, RUIN_RANKING);
  const educated = educatesCandidates(instance.jobs.length);
  const stringRemoval = educated ? LARGE_PLAN_STRING_REMOVAL : DEFAULT_STRING_REMOVAL;
  const strings = new StringRemoval(nearby, instance.jobs.length, model.slotType.length, random, stringRemoval);
  const ruin = new MixedRemoval(strings, new RouteRemoval(nearby, model.slotType.length, random), random);
  const recreate = new BlinkInsertion(instance, insertion, random);

  const initial = new Solution(model);
  if (options.initial) loadFeasibleRoutes(initial, options.initial);
  const constructionBudget =
    options.constructionLimitMs ?? (options.timeLimitMs === undefined ? Infinity : CONSTRUCTION_SHARE * options.timeLimitMs);
  const constructionLimit = constructionBudget - (performance.now() - started);
  // The construction reads rows of every job by distance through `first`, which keeps none.
  regretInsertion(initial, insertion, neighbourhood, new JobRanking(instance), new Deadline(constructionLimit));
  // The time limit covers the set-up (neighbourhoods, construction) too: it is a wall-clock deadline.
  const setup = performance.now() - started;
  const timeLimitMs = options.timeLimitMs === undefined ? undefined : Math.max(0, options.timeLimitMs - setup);
  const exchange = new RouteExchange(nearby, instance.nodeCount, model.slotType.length, random);
  const restarts = { exchange, stallIterationsPerJob: stallIterationsPerJob(instance.jobs.length) };
  const search = new RuinAndRecreate(ruin, recreate, localSearch, random, restarts, educated);
  const outcome = search.run(initial, { ...options, timeLimitMs });
  const best = outcome.best;
  const last = (size: number): number => (size + 1) * SEGMENT_STRIDE;
  return {
    cost: best.cost,
    routes: best.routes
      .filter((route) => route.size > 0)
      .map((route) => ({
        slot: route.slot,
        vehicleType: route.type,
        jobs: Array.from(route.nodes.subarray(1, route.size + 1)),
        distance: route.prefix[last(route.size) + SEG_DISTANCE]!,
        duration: route.prefix[last(route.size) + SEG_DURATION]!,
        cost: route.cost,
      })),
    unassigned: Array.from(best.unassigned.subarray(0, best.unassignedCount)),
    iterations: outcome.iterations,
    elapsedMs: outcome.elapsedMs + setup,
    timeToBestMs: outcome.timeToBestMs + setup,
    history: outcome.history,
  };
}
