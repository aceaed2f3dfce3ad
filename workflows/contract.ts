/**
 * The Temporal contract between the API, the CLI, the worker, activities and workflows: workflow
 * type names with their inputs and outputs, queries and signals, failure types and task queue
 * roles. Consts and types only (plus `failureMessage`), so the workflow sandbox, the API and the
 * CLI can all import it. The nightly run's record types live in `model/pipeline.ts`, shared with
 * `store/`; elsewhere activities, store and platform keep their own types, and where those cross
 * into a workflow the compiler checks that they match the ones here.
 */
import { ApplicationFailure } from '@temporalio/common';
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { DateRange } from '../model/types/common.js';
import type { PipelineStep, PipelineTrigger, PlanningNight, StepRecord } from '../model/pipeline.js';

/** The two kinds of task queue: `io` runs the workflows and storage/network activities, `solve` the CPU work. */
export const queueRoles = ['io', 'solve'] as const;
export type QueueRole = (typeof queueRoles)[number];

/**
 * The heartbeat timeout of the io queue's activities: the io worker beats for each of them every
 * second (`worker/liveness.ts`), so that one whose worker died is retried on another worker after
 * this long instead of after its start-to-close timeout (Temporal does not see a worker die; a
 * nightly storage step waited up to 10 minutes). Generous, so that an event loop held up by a busy
 * machine or a large synchronous step is not taken for a dead worker.
 */
export const ioHeartbeatTimeout = '30s';

// ---- API tasks -------------------------------------------------------------------------------

export interface OperationTaskInput {
  taskId: string;
  /** Task queue of the CPU activities (`<prefix>-solve`); storage activities run on the workflow's own queue. */
  solveQueue: string;
  /**
   * A quick operation: the workflow was started on the solve queue and runs the operation as a
   * local activity of its own worker (one workflow task, no activity round trips).
   */
  local?: true;
}

export interface GeocodeTaskInput {
  taskId: string;
}

export interface PlatformTaskInput {
  taskId: string;
}

// ---- fleet platform --------------------------------------------------------------------------

export interface PlatformTerritoriesInput {
  account: string;
  connection: string;
}

/** A territory of a platform connection, as `GET /v1/platform/territories` lists it. */
export interface Territory {
  id: string;
  name: string;
  /** IANA zone the territory's dates and shift times are read in (the plan itself is zone-free). */
  timezone?: string;
}

// ---- geocode batches -------------------------------------------------------------------------

export interface GeocodeBatchOptions {
  chunkSize: number;
  /** Chunk workflows running at once. */
  window: number;
  /** Tries of a chunk's activity before its still-failing addresses are recorded as failed. */
  attempts: number;
  /** First retry delay of a chunk; doubles up to `maxRetryIntervalMs`. */
  retryIntervalMs: number;
  maxRetryIntervalMs: number;
}

/** A chunk of a batch with addresses still to geocode. */
export interface PendingChunk {
  chunk: number;
  pending: number;
}

export interface GeocodeBatchInput extends GeocodeBatchOptions {
  batchId: string;
  /** Set when the workflow continues as new: the chunks still to run and the progress so far. */
  remaining?: PendingChunk[];
  progress?: GeocodeBatchProgress;
}

/** What the batch's query answers while it runs; addresses are those pending when the run started. */
export interface GeocodeBatchProgress {
  addresses: number;
  processed: number;
  geocoded: number;
  failed: number;
  chunks: number;
  chunksDone: number;
}

export interface GeocodeChunkInput extends GeocodeBatchOptions {
  batchId: string;
  chunk: number;
}

/** A batch's addresses by state, what the batch workflow returns. */
export interface BatchCounts {
  total: number;
  geocoded: number;
  failed: number;
  pending: number;
}

/** A chunk's addresses by state, what a chunk workflow returns. */
export interface ChunkCounts {
  total: number;
  geocoded: number;
  failed: number;
}

// ---- nightly planning ------------------------------------------------------------------------

export type { PipelineStep, PipelineTrigger, PlanningNight, StepRecord, UnroutedJobRecord } from '../model/pipeline.js';

export interface SolveSettings {
  randomSeed: number;
  /** Bounds each of build and optimize; without it the engine's own budgets apply. */
  timeLimitSeconds?: number | undefined;
}

export interface NightlyPlanInput {
  account: string;
  /** The account's platform connection to pull from and sync to. */
  connection: string;
  /** First day planned (`YYYY-MM-DD`); without it the run's local date in `timezone` plus `planOffsetDays`. */
  date?: string;
  timezone?: string;
  planOffsetDays?: number;
  days: number;
  /** Territory ids; without them every territory of the connection. */
  territories?: string[];
  trigger?: PipelineTrigger;
  /** Set by the starter to find the run's record; scheduled runs get one here. */
  runId?: string;
  /** Task queue of the solver activities (`<prefix>-solve`); the rest run on the workflow's own queue. */
  solveQueue: string;
  solve?: Partial<SolveSettings>;
  geocode?: Partial<GeocodeBatchOptions>;
}

export interface TerritoryProgress {
  status: 'pending' | 'running' | 'completed' | 'failed' | 'canceled';
  step?: PipelineStep;
  steps: Partial<Record<PipelineStep, StepRecord>>;
  jobs?: number;
  routed?: number;
  unrouted?: number;
  error?: string;
}

export interface NightlyProgress {
  runId: string;
  status: 'starting' | 'running' | 'completed' | 'failed' | 'canceled';
  planDate?: string;
  days: number;
  territories: Record<string, TerritoryProgress>;
  error?: string;
}

export interface NightlyTerritoryInput {
  runId: string;
  night: PlanningNight;
  range: DateRange;
  solveQueue: string;
  solve: SolveSettings;
  geocode: GeocodeBatchOptions;
  /** The parent run, told of every step change. */
  parentWorkflowId: string;
}

// ---- workflows -------------------------------------------------------------------------------

/**
 * Every workflow the io worker registers (`workflows/index.ts`), by type name and signature.
 * Start one with `client.workflow.start<Workflows['nightlyPlan']>(workflowTypes.nightlyPlan, …)`.
 */
export interface Workflows {
  operationTask(input: OperationTaskInput): Promise<void>;
  geocodeTask(input: GeocodeTaskInput): Promise<void>;
  platformTask(input: PlatformTaskInput): Promise<void>;
  platformTerritories(input: PlatformTerritoriesInput): Promise<Territory[]>;
  geocodeBatch(input: GeocodeBatchInput): Promise<BatchCounts>;
  geocodeBatchChunk(input: GeocodeChunkInput): Promise<ChunkCounts>;
  nightlyPlan(input: NightlyPlanInput): Promise<NightlyProgress>;
  nightlyTerritory(input: NightlyTerritoryInput): Promise<TerritoryProgress>;
  /** Started hourly by a schedule; returns how many sandboxes it deleted. */
  sandboxCleanup(): Promise<number>;
  /** Started hourly by a schedule; returns how many ended tasks it deleted. */
  taskRetention(): Promise<number>;
}

export type WorkflowType = keyof Workflows;
/** The workflows that run one API task: only the task id (and the solve queue) cross Temporal. */
export type TaskWorkflowType = Extract<WorkflowType, 'operationTask' | 'geocodeTask' | 'platformTask'>;

export const workflowTypes: { readonly [T in WorkflowType]: T } = {
  operationTask: 'operationTask',
  geocodeTask: 'geocodeTask',
  platformTask: 'platformTask',
  platformTerritories: 'platformTerritories',
  geocodeBatch: 'geocodeBatch',
  geocodeBatchChunk: 'geocodeBatchChunk',
  nightlyPlan: 'nightlyPlan',
  nightlyTerritory: 'nightlyTerritory',
  sandboxCleanup: 'sandboxCleanup',
  taskRetention: 'taskRetention',
};

// ---- queries and signals ---------------------------------------------------------------------

export const geocodeBatchProgressQuery = defineQuery<GeocodeBatchProgress>('geocodeBatchProgress');
export const nightlyProgressQuery = defineQuery<NightlyProgress>('nightlyProgress');
export const territoryProgressQuery = defineQuery<TerritoryProgress>('territoryProgress');
/** A territory's child workflow tells its parent run of every step change. */
export const territoryProgressSignal = defineSignal<[string, TerritoryProgress]>('territoryProgress');

// ---- failures --------------------------------------------------------------------------------

/**
 * The `ApplicationFailure` types activities raise. Workflows compare a failure's `cause.type`
 * with these (not `instanceof`), and list the permanent ones in `nonRetryableErrorTypes`.
 */
export const failureTypes = {
  /** The task record or its request is gone: nothing to retry. */
  taskMissing: 'TaskMissing',
  /** An operation thread ended without an answer; retried. */
  operationCrashed: 'OperationCrashed',
  /** Some addresses of a geocode chunk failed transiently; the chunk is retried for just those. */
  geoserviceTransient: 'GeoserviceTransient',
  /** A pipeline step's problem is invalid, or the engine refused it. */
  invalidPlanProblem: 'InvalidPlanProblem',
  /** A stored plan or problem a step refers to is gone. */
  planPayloadMissing: 'PlanPayloadMissing',
  /** A nightly run's input cannot be planned (its plan date cannot be settled). */
  badRunInput: 'BadRunInput',
  depotNotLocated: 'DepotNotLocated',
  unknownConnection: 'UnknownConnection',
  unknownTerritory: 'UnknownTerritory',
  /** The platform connection is set up wrongly. */
  platformSetup: 'PlatformSetup',
  /** The fleet platform could not be reached; retried, and its message is worded for clients. */
  platformUnreachable: 'PlatformUnreachable',
} as const;

export type FailureType = (typeof failureTypes)[keyof typeof failureTypes];

/** Which failures may show their own message; any other gets `otherwise`. */
export interface ShownFailures {
  types: readonly FailureType[];
  otherwise: string;
}

/**
 * The message of a failure's innermost cause: an activity or child workflow failure wraps the real
 * reason. With `shown`, only application failures of those types keep their message, because
 * anything else (a database or timeout fault) may name internal hosts.
 */
export function failureMessage(err: unknown, shown?: ShownFailures): string {
  let innermost = err as { message?: string; cause?: unknown } | undefined;
  while (innermost?.cause) innermost = innermost.cause as { message?: string; cause?: unknown };
  if (!shown) return innermost?.message ?? String(err);
  const application = innermost instanceof ApplicationFailure ? innermost : undefined;
  return application && shown.types.some((type) => type === application.type) ? application.message : shown.otherwise;
}
