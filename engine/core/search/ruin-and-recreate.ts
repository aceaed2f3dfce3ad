import { Solution } from '../structures/solution.js';
import type { Random } from '../structures/prng.js';
import type { ProgressEvent, SolveOptions } from '../solve-options.js';
import { Deadline } from './deadline.js';
import type { LocalSearch } from './local-search.js';
import { IMPROVEMENT_EPSILON } from './move-evaluator.js';
import { Penalties } from './penalties.js';
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
/** How much the repair pass raises the penalties when the penalised local search ends infeasible. */
const REPAIR_BOOST = 10;
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
 * search: SISR explores, the local search squeezes out the last improvements in each basin. The
 * polish ends with a second local search that prices time warp and excess load instead of
 * rejecting them (adaptive penalties, as in hybrid genetic search), so it can cross infeasible
 * plans on tight windows and capacities; its result counts only when it is feasible and cheaper.
 * Outside the polish every solution is feasible.
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
    const penalties = Penalties.forSolution(current);
    const backup = new Solution(current.model);
    const annealing = new SimulatedAnnealing(initialTemperaturePerArc(current) * meanArc, FINAL_TEMPERATURE_PER_ARC * meanArc, this.random);

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
          if (penalties.bind && !this.crossInfeasible(current, backup, penalties, deadline)) candidate.copyFrom(current);
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

  /**
   * Local search with priced violations from a feasible local optimum, then, if that ends
   * infeasible, a repair pass with the penalties REPAIR_BOOST times higher (as PyVRP repairs).
   * Keeps the result when it is feasible and cheaper, else restores the start from `backup` and
   * returns false (the solution's change record is then lost, so callers resynchronise in full).
   */
  private crossInfeasible(solution: Solution, backup: Solution, penalties: Penalties, deadline: Deadline): boolean {
    backup.copyFrom(solution);
    penalties.apply();
    solution.reprice();
    this.localSearch.run(solution, deadline);
    penalties.register(solution.hasTimeWarp, solution.hasExcessLoad);
    if (!solution.feasible) {
      penalties.boost(REPAIR_BOOST);
      solution.reprice();
      this.localSearch.run(solution, deadline);
    }
    penalties.withdraw();
    solution.reprice();
    if (solution.feasible && solution.cost < backup.cost - IMPROVEMENT_EPSILON) return true;
    solution.copyFrom(backup);
    return false;
  }
}
