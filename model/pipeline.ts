/**
 * The vocabulary of a nightly planning run, shared by its workflows (through
 * `workflows/contract.ts`), the run records in `store/` and the views of a run.
 */

/** The steps of a territory's night, in the order they run. */
export const pipelineSteps = ['pull', 'geocode', 'instantiate', 'build', 'optimize', 'sync'] as const;
export type PipelineStep = (typeof pipelineSteps)[number];

export type PipelineTrigger = 'manual' | 'schedule';

export interface StepRecord {
  status: 'running' | 'completed' | 'failed';
  /** Wall time of the step, when it ended. */
  ms?: number;
  /** The step's output from an earlier run of the same night (same input) was used. */
  reused?: boolean;
}

/** A job that is on no route of the plan, and why. */
export interface UnroutedJobRecord {
  id: string;
  /** The solver's violation types, or `geocoding_failed` for a job whose address was not found. */
  reasons: string[];
  error_code?: string;
  message?: string;
}

/** One planning night of one territory: what finished step outputs are kept for. */
export interface PlanningNight {
  account: string;
  connection: string;
  territory: string;
  planDate: string;
  days: number;
}
