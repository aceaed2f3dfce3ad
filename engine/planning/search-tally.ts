/** One run of the solver core: how long it searched and when it last improved. */
export interface SearchRun {
  iterations: number;
  /** When the search started (epoch ms): with `timeToBestMs`, when an operation's plan was last improved. */
  startedAt: number;
  timeToBestMs: number;
}

// An operation runs alone in its own thread (one thread per task), so what the core records here
// between two takes belongs to that operation: the thread hands it to the worker's metrics.
const runs: SearchRun[] = [];

export function recordSearch(run: SearchRun): void {
  runs.push(run);
}

/** The runs recorded since the last take, oldest first. */
export function takeSearchRuns(): SearchRun[] {
  return runs.splice(0, runs.length);
}
