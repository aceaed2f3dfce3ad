import type { CompiledInstance } from '../compiled/compiled-instance.js';
import type { ProgressEvent, SolutionSnapshot, SolveResult } from '../solve-options.js';

export interface WorkerInput {
  instance: CompiledInstance;
  seed: number;
  /** Wall-clock deadline (ms since epoch): thread start-up counts against the time limit. */
  deadline?: number;
  maxIterations?: number;
  syncIntervalMs?: number;
  initial?: SolutionSnapshot['routes'];
}

/** Worker → main thread. */
export type WorkerMessage =
  { kind: 'best'; snapshot: SolutionSnapshot } | { kind: 'progress'; event: ProgressEvent } | { kind: 'done'; result: SolveResult };

/** Main thread → worker: the best solution any thread has found so far. */
export interface SharedBest {
  snapshot: SolutionSnapshot;
}
