/** Routes as job node sequences per route slot: the portable form of a solution (threads, reports). */
export interface SolutionSnapshot {
  cost: number;
  routes: { slot: number; jobs: number[] }[];
}

export interface ProgressEvent {
  cost: number;
  elapsedMs: number;
  iteration: number;
}

export interface SolveOptions {
  seed?: number;
  /** Hard wall-clock limit; the search stops within about one iteration of it. */
  timeLimitMs?: number;
  /**
   * Iteration budget. With no time limit the run is fully reproducible for a given seed; with both,
   * the annealing cools by whichever budget is further spent, so a run that ends on its iterations
   * well inside the time limit is reproducible too.
   */
  maxIterations?: number;
  /**
   * Time the construction may take before it finishes cheaply (default CONSTRUCTION_SHARE of the
   * time limit): a run that opens a longer search gives it that search's share, since a good
   * first plan is worth more than the opening's own search.
   */
  constructionLimitMs?: number;
  /**
   * The part of the annealing's cooling schedule this run covers (default the whole, 0 to 1): a
   * search split into consecutive runs cools once over all of them instead of reheating in each.
   */
  cooling?: { from: number; to: number };
  /** Routes to start from (their infeasible parts are dropped); construction then places the rest. */
  initial?: SolutionSnapshot['routes'];
  /** Called on every new best solution. */
  onProgress?: (event: ProgressEvent) => void;
  /**
   * Called about every `syncIntervalMs` with this search's best; returning a better solution makes
   * the search continue from it (used to share bests between threads).
   */
  sync?: (best: SolutionSnapshot) => SolutionSnapshot | null;
  syncIntervalMs?: number;
}

export interface RouteResult {
  slot: number;
  vehicleType: number;
  jobs: number[];
  distance: number;
  duration: number;
  cost: number;
}

export interface SolveResult {
  cost: number;
  routes: RouteResult[];
  unassigned: number[];
  iterations: number;
  elapsedMs: number;
  timeToBestMs: number;
  /** Best cost over time, one entry per improvement. */
  history: ProgressEvent[];
}
