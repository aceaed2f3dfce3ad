import type { CompiledInstance } from '../compiled/compiled-instance.js';
import type { ProgressEvent, SolutionSnapshot, SolveResult } from '../solve-options.js';

/** Main thread → worker: one search to run. */
export interface SolveTask {
  kind: 'solve';
  instance: CompiledInstance;
  seed: number;
  /** Wall-clock deadline (ms since epoch): messaging and set-up count against the time limit. */
  deadline?: number;
  maxIterations?: number;
  constructionLimitMs?: number;
  cooling: { from: number; to: number };
  initial?: SolutionSnapshot['routes'];
  /** Whether the search shares its best with the other threads (every `syncIntervalMs`, default 500). */
  share: boolean;
  syncIntervalMs?: number;
}

/** Main thread → worker: the best solution any thread has found so far (read at sync points). */
export interface SharedBest {
  kind: 'shared';
  snapshot: SolutionSnapshot;
}

export type MainMessage = SolveTask | SharedBest;

/** Worker → main thread. */
export type WorkerMessage =
  { kind: 'best'; snapshot: SolutionSnapshot } | { kind: 'progress'; event: ProgressEvent } | { kind: 'done'; result: SolveResult };
