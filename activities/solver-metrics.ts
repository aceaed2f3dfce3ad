import { Counter, Histogram } from 'prom-client';
import type { SearchRun } from '../engine/planning/search-tally.js';

interface SolverMetrics {
  iterations: Counter<'operation'>;
  timeToBest: Histogram<'operation'>;
}

let metrics: SolverMetrics | undefined;

/**
 * In the process-wide registry of the worker process, which serves it on its metrics port; made on
 * first use, so that other processes loading this module (the CLI, the API) do not show them.
 */
function solverMetrics(): SolverMetrics {
  metrics ??= {
    iterations: new Counter({
      name: 'wayplan_solver_iterations_total',
      help: 'Ruin-and-recreate iterations of the solver core, by operation',
      labelNames: ['operation'],
    }),
    timeToBest: new Histogram({
      name: 'wayplan_solver_time_to_best_seconds',
      help: 'Time from the start of a solver core run to its best solution, by operation (one observation per core run)',
      labelNames: ['operation'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    }),
  };
  return metrics;
}

export function observeSearch(operation: string, runs: readonly SearchRun[]): void {
  const { iterations, timeToBest } = solverMetrics();
  for (const run of runs) {
    iterations.inc({ operation }, run.iterations);
    timeToBest.observe({ operation }, run.timeToBestMs / 1000);
  }
}
