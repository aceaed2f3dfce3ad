/** What a running operation reports: shown as the task's progress and carried by heartbeats. */
export interface OperationProgress {
  phase: string;
  best_cost?: number;
  elapsed_seconds: number;
  routes_done?: number;
  routes_total?: number;
}

export type ProgressReporter = (progress: OperationProgress) => void;

/** Calls `report` at most every `intervalMs`, so hot loops can report freely. */
export function throttledProgress(report: ProgressReporter, intervalMs = 250): ProgressReporter {
  let last = 0;
  return (progress) => {
    const now = Date.now();
    if (now - last < intervalMs) return;
    last = now;
    report(progress);
  };
}
