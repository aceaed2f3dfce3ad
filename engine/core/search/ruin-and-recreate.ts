import { Solution } from '../structures/solution.js';
import type { Random } from '../structures/prng.js';
import type { ProgressEvent, SolveOptions } from '../solve-options.js';
import { Deadline } from './deadline.js';
import type { LocalSearch } from './local-search.js';
import { IMPROVEMENT_EPSILON } from './move-evaluator.js';
import type { BlinkInsertion } from './recreate/blink-insertion.js';
import type { StringRemoval } from './ruin/string-removal.js';
import { SimulatedAnnealing } from './simulated-annealing.js';

/**
 * Annealing temperatures relative to the mean arc cost. SISR's start (100 on X instances, about
 * 0.5 arcs) suits short routes; on long routes (20+ jobs) it froze the search within the first
 * tenth of the run, so the start grows with the jobs per route, from 0.5 arcs at 8 to 2 arcs at 32
 * (tuned on the odd-numbered Solomon instances).
 */
const MIN_INITIAL_TEMPERATURE_PER_ARC = 0.5;
const MAX_INITIAL_TEMPERATURE_PER_ARC = 2;
const JOBS_PER_ROUTE_PER_ARC = 16;
const FINAL_TEMPERATURE_PER_ARC = 0.005;

function initialTemperaturePerArc(solution: Solution): number {
  const perRoute = (solution.model.instance.jobs.length - solution.unassignedCount) / Math.max(1, solution.usedRoutes());
  return Math.min(MAX_INITIAL_TEMPERATURE_PER_ARC, Math.max(MIN_INITIAL_TEMPERATURE_PER_ARC, perRoute / JOBS_PER_ROUTE_PER_ARC));
}
const DEFAULT_SYNC_INTERVAL_MS = 500;
const UNBOUNDED = Number.POSITIVE_INFINITY;

export interface SearchOutcome {
  best: Solution;
  iterations: number;
  elapsedMs: number;
  timeToBestMs: number;
  history: ProgressEvent[];
}

/**
 * Ruin-and-recreate with simulated annealing (SISR), polishing every new best with the local
 * search: SISR explores, the local search squeezes out the last improvements in each basin.
 */
export class RuinAndRecreate {
  constructor(
    private readonly ruin: StringRemoval,
    private readonly recreate: BlinkInsertion,
    private readonly localSearch: LocalSearch,
    private readonly random: Random,
  ) {}

  run(initial: Solution, options: SolveOptions): SearchOutcome {
    const started = performance.now();
    const timeLimit = options.timeLimitMs ?? UNBOUNDED;
    const maxIterations = options.maxIterations ?? UNBOUNDED;
    if (timeLimit === UNBOUNDED && maxIterations === UNBOUNDED) throw new Error('set timeLimitMs or maxIterations');
    const deadline = new Deadline(timeLimit);
    const syncInterval = options.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
    const elapsed = (): number => performance.now() - started;

    let current = initial;
    this.localSearch.run(current, deadline);
    let candidate = new Solution(current.model);
    candidate.copyFrom(current);
    const best = new Solution(current.model);
    best.copyFrom(current);
    const history: ProgressEvent[] = [{ cost: best.cost, elapsedMs: elapsed(), iteration: 0 }];
    options.onProgress?.(history[0]!);

    const arcs = current.model.instance.jobs.length + current.usedRoutes();
    const meanArc = Math.max(current.cost - current.unassignedCount * current.model.instance.unassignedCost, 1) / Math.max(arcs, 1);
    const annealing = new SimulatedAnnealing(
      initialTemperaturePerArc(current) * meanArc,
      FINAL_TEMPERATURE_PER_ARC * meanArc,
      this.random,
    );

    let iteration = 0;
    let timeToBest = history[0]!.elapsedMs;
    let nextSync = syncInterval;
    // The clock is read every iteration: cheap next to a ruin-and-recreate step (~20–100 µs).
    while (iteration < maxIterations && !deadline.expired()) {
      iteration++;
      const progress = Math.max(iteration / maxIterations, elapsed() / timeLimit);
      this.ruin.ruin(candidate);
      this.recreate.recreate(candidate);
      if (annealing.accepts(candidate.cost, current.cost, progress)) {
        const previous = current;
        current = candidate;
        candidate = previous;
        if (current.cost < best.cost - IMPROVEMENT_EPSILON) {
          this.localSearch.run(current, deadline);
          best.copyFrom(current);
          timeToBest = elapsed();
          const event = { cost: best.cost, elapsedMs: timeToBest, iteration };
          history.push(event);
          options.onProgress?.(event);
        }
      }
      candidate.syncFrom(current);

      if (options.sync && elapsed() >= nextSync) {
        nextSync = elapsed() + syncInterval;
        const shared = options.sync({ cost: best.cost, routes: best.toRoutes() });
        if (shared && shared.cost < best.cost - IMPROVEMENT_EPSILON) {
          current.load(shared.routes);
          candidate.syncFrom(current);
          best.copyFrom(current);
        }
      }
    }
    return { best, iterations: iteration, elapsedMs: elapsed(), timeToBestMs: timeToBest, history };
  }
}
