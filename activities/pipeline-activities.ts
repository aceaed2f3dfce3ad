import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { instantiate } from '../engine/calendar/instantiate.js';
import type { TravelSettings } from '../geo/travel-settings.js';
import { parseDate } from '../model/formats/date.js';
import { formatTimespan } from '../model/formats/timespan.js';
import { planSummary, withoutCalculatedValues } from '../model/plan-result.js';
import { resolveProblem } from '../model/resolve.js';
import type { DateRange } from '../model/types/common.js';
import type { ProblemResponse } from '../model/types/responses.js';
import type { ValidationFault } from '../model/validation/faults.js';
import { validateRequest } from '../model/validation/validate.js';
import type { AddressToLocate, SyncResult } from '../platform/connector.js';
import { withLocations, type FoundLocations } from '../platform/locate.js';
import { planRange, planStartDate } from '../runtime/plan-date.js';
import type { Pool } from '../store/db.js';
import type { GeocodeBatchStore } from '../store/geocoding-batches.js';
import type { PipelineStep, PipelineTrigger, PlanningNight, StepRecord, UnroutedJobRecord } from '../model/pipeline.js';
import type { FailedAddressRecord, PipelineRunStore, PipelineStatus, StepDetails } from '../store/pipeline-runs.js';
import { getPayload, putPayload, UnknownPayloadError } from '../store/payloads.js';
import { operationPool, runOperationActivity } from './operation-runner.js';
import { failureTypes, type SolveSettings } from '../workflows/contract.js';

export interface PipelineActivityDeps {
  pool: Pool;
  runs: PipelineRunStore;
  batches: GeocodeBatchStore;
  travel: TravelSettings;
}

export interface OpenRunInput {
  runId: string;
  account: string;
  connection: string;
  workflowId: string;
  trigger: PipelineTrigger;
  days: number;
  /** First day planned; without it the run's local date (in `timezone`) plus `planOffsetDays`. */
  date?: string | undefined;
  timezone: string;
  planOffsetDays: number;
  /** When the run started (ISO), for the default date. */
  startedAt: string;
  territories?: string[] | undefined;
}

export interface OpenedRun {
  planDate: string;
  range: DateRange;
}

export interface GeocodeStepInput {
  night: PlanningNight;
  problemRef: string;
  addresses: AddressToLocate[];
  /** The batch to create when the addresses are not located yet (chosen by the workflow, so a retry reuses it). */
  batchId: string;
}

/** The pulled problem with every address located, or its entity left out and recorded. */
export interface GeocodeStepOutput {
  problemRef: string;
  failedAddresses: FailedAddressRecord[];
  /** Jobs left out because their address was not found. */
  unrouted: UnroutedJobRecord[];
  reused?: boolean;
}

export interface PreparedGeocoding {
  inputDigest: string;
  /** Set when an earlier run of the night located the same addresses. */
  reused?: GeocodeStepOutput;
  /** Set when the batch still has addresses to locate (run the geocodeBatch workflow on it). */
  batchId?: string;
}

export interface PlanStepOutput {
  problemRef: string;
  /** Jobs in the instantiated problem (the pulled ones plus those the schedules call for). */
  jobs: number;
  reused?: boolean;
}

export interface SolveStepInput {
  night: PlanningNight;
  operation: 'build' | 'optimize';
  /** build: the instantiated problem; optimize: build's whole-problem answer. */
  inputRef: string;
  settings: SolveSettings;
}

export interface SolveStepOutput {
  resultRef: string;
  reused?: boolean;
}

export interface FinishTerritoryInput {
  runId: string;
  territory: string;
  account: string;
  /** optimize's problem_response. */
  planRef: string;
  jobs: number;
  geocodeUnrouted: UnroutedJobRecord[];
  sync: SyncResult;
}

export interface TerritorySummary {
  jobs: number;
  routed: number;
  unrouted: number;
  routes: number;
  cost: number;
  distanceMeters: number;
}

type JsonObject = Record<string, unknown>;

function digest(...parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(JSON.stringify(part)).update('\u0000');
  return hash.digest('base64url');
}

function invalidProblem(step: string, faults: ValidationFault[]): ApplicationFailure {
  const shown = faults.slice(0, 5).map((f) => `${f.property}: ${f.message}`);
  const more = faults.length > shown.length ? ` (and ${faults.length - shown.length} more)` : '';
  return ApplicationFailure.nonRetryable(`the ${step} problem is invalid: ${shown.join('; ')}${more}`, failureTypes.invalidPlanProblem);
}

export function createPipelineActivities(deps: PipelineActivityDeps) {
  /** A stored value the step needs; a missing one is a fault no retry can mend. */
  const payload = async <T>(account: string, id: string): Promise<T> => {
    try {
      return await getPayload<T>(deps.pool, account, id);
    } catch (err) {
      if (err instanceof UnknownPayloadError) throw ApplicationFailure.nonRetryable(err.message, failureTypes.planPayloadMissing);
      throw err;
    }
  };

  /** A recorded step output whose payload still exists, or undefined. */
  const reusable = async <T extends { problemRef?: string; resultRef?: string }>(
    night: PlanningNight,
    step: PipelineStep,
    inputDigest: string,
  ): Promise<T | undefined> => {
    const output = await deps.runs.stepOutput<T>(night, step, inputDigest);
    const ref = output?.problemRef ?? output?.resultRef;
    if (output === undefined || ref === undefined) return undefined;
    try {
      await getPayload(deps.pool, night.account, ref);
      return output;
    } catch (err) {
      if (err instanceof UnknownPayloadError) return undefined;
      throw err;
    }
  };

  return {
    /** Records the run and settles its plan date; safe to repeat. */
    async openPipelineRun(input: OpenRunInput): Promise<OpenedRun> {
      let planDate = input.date;
      if (planDate === undefined) {
        try {
          planDate = planStartDate(new Date(input.startedAt), input.timezone, input.planOffsetDays);
        } catch (err) {
          throw ApplicationFailure.nonRetryable(`cannot settle the plan date: ${(err as Error).message}`, failureTypes.badRunInput);
        }
      }
      await deps.runs.create({
        id: input.runId,
        account: input.account,
        connection: input.connection,
        workflowId: input.workflowId,
        planDate,
        days: input.days,
        requestedTerritories: input.territories,
        trigger: input.trigger,
      });
      return { planDate, range: planRange(planDate, input.days) };
    },

    async addRunTerritories(runId: string, territories: string[]): Promise<void> {
      await deps.runs.addTerritories(runId, territories);
    },

    async recordPipelineStep(
      runId: string,
      territory: string,
      step: PipelineStep,
      record: StepRecord,
      details: StepDetails = {},
    ): Promise<void> {
      await deps.runs.recordStep(runId, territory, step, record, details);
    },

    /**
     * Starts the geocode step: reuses an earlier run's output for the same pulled problem, or puts
     * the addresses in a geocode batch (once: a retry finds the batch) for the geocodeBatch workflow.
     */
    async prepareGeocoding(input: GeocodeStepInput): Promise<PreparedGeocoding> {
      const problem = await payload<unknown>(input.night.account, input.problemRef);
      const inputDigest = digest(problem, input.addresses);
      const reused = await reusable<GeocodeStepOutput>(input.night, 'geocode', inputDigest);
      if (reused) return { inputDigest, reused: { ...reused, reused: true } };
      if (input.addresses.length === 0) return { inputDigest };
      if (!(await deps.batches.get(input.batchId))) {
        await deps.batches.create(
          input.batchId,
          `nightly ${input.night.connection}/${input.night.territory} ${input.night.planDate}`,
          { pipeline: true },
          input.addresses.map((address) => ({
            query: address.query,
            country: address.country,
            input: { kind: address.kind, id: address.id, query: address.query },
          })),
        );
      }
      return { inputDigest, batchId: input.batchId };
    },

    /**
     * Writes the batch's locations into the problem. A job whose address was not found leaves the
     * problem and is reported unrouted; a depot without a location fails the territory (its
     * vehicles cannot start anywhere). Kept for later runs of the night only when nothing failed,
     * so a retry tries the failed addresses again.
     */
    async applyGeocoding(input: {
      night: PlanningNight;
      problemRef: string;
      batchId: string | undefined;
      inputDigest: string;
    }): Promise<GeocodeStepOutput> {
      const problem = await payload<JsonObject>(input.night.account, input.problemRef);
      if (input.batchId === undefined) {
        const output: GeocodeStepOutput = { problemRef: input.problemRef, failedAddresses: [], unrouted: [] };
        await deps.runs.saveStepOutput(input.night, 'geocode', input.inputDigest, output);
        return output;
      }
      const results = await deps.batches.results(input.batchId);
      const found: FoundLocations = { job: new Map(), depot: new Map() };
      const failedAddresses: FailedAddressRecord[] = [];
      for (const result of results) {
        const kind = result.input.kind as 'job' | 'depot';
        const id = result.input.id!;
        if (result.status === 'geocoded' && result.location) found[kind].set(id, result.location);
        else {
          failedAddresses.push({
            kind,
            id,
            query: result.input.query ?? '',
            error_code: result.errorCode ?? 'geoservice_error',
            message: result.errorMessage ?? 'the address was not located',
          });
        }
      }
      const failedDepots = failedAddresses.filter((f) => f.kind === 'depot');
      if (failedDepots.length > 0) {
        const list = failedDepots.map((f) => `${f.id} (${f.error_code}: ${f.message})`).join(', ');
        throw ApplicationFailure.nonRetryable(`depots without a location: ${list}`, failureTypes.depotNotLocated);
      }
      const patched = withLocations(problem, found, new Set(failedAddresses.map((f) => f.id)));
      const output: GeocodeStepOutput = {
        problemRef: await putPayload(deps.pool, input.night.account, 'problem', patched),
        failedAddresses,
        unrouted: failedAddresses.map((f) => ({ id: f.id, reasons: ['geocoding_failed'], error_code: f.error_code, message: f.message })),
      };
      if (failedAddresses.length === 0) await deps.runs.saveStepOutput(input.night, 'geocode', input.inputDigest, output);
      return output;
    },

    /** The dated routes and scheduled jobs of the night's days, merged into the problem. */
    async instantiateHorizon(input: { night: PlanningNight; problemRef: string }): Promise<PlanStepOutput> {
      const pulled = await payload<JsonObject>(input.night.account, input.problemRef);
      const request = { ...pulled, return_request: true };
      const inputDigest = digest(request);
      const reused = await reusable<PlanStepOutput>(input.night, 'instantiate', inputDigest);
      if (reused) return { ...reused, reused: true };
      const faults = validateRequest(request, 'instantiate');
      if (faults.length > 0) throw invalidProblem('instantiate', faults);
      const startDate = parseDate(input.night.planDate)!;
      const merged = instantiate(resolveProblem(request, 'instantiate'), request, {
        startDate,
        numDays: input.night.days,
        generateRoutes: true,
        generateJobs: true,
      }) as JsonObject;
      const { return_request: _returnRequest, ...problem } = merged;
      const output: PlanStepOutput = {
        problemRef: await putPayload(deps.pool, input.night.account, 'problem', problem),
        jobs: ((problem.jobs as unknown[] | undefined) ?? []).length,
      };
      await deps.runs.saveStepOutput(input.night, 'instantiate', inputDigest, output);
      return output;
    },

    /**
     * build or optimize on a stored problem, on the worker's operation pool (solve queue); the answer is stored
     * and its reference returned. The same request of the same night reuses the stored answer.
     */
    async runPlanOperation(input: SolveStepInput): Promise<SolveStepOutput> {
      const source = await payload<JsonObject>(input.night.account, input.inputRef);
      const base = input.operation === 'build' ? source : withoutCalculatedValues(source);
      const settings = {
        ...((base.settings as JsonObject | undefined) ?? {}),
        random_seed: input.settings.randomSeed,
        ...(input.settings.timeLimitSeconds !== undefined ? { time_limit: formatTimespan(input.settings.timeLimitSeconds) } : {}),
      };
      const request = { ...base, settings, ...(input.operation === 'build' ? { return_request: true } : {}) };
      const inputDigest = digest(input.operation, request);
      const reused = await reusable<SolveStepOutput>(input.night, input.operation, inputDigest);
      if (reused) return { ...reused, reused: true };
      const faults = validateRequest(request, input.operation);
      if (faults.length > 0) throw invalidProblem(input.operation, faults);

      const answer = await runOperationActivity(operationPool(deps.travel), {
        operation: input.operation,
        request: JSON.stringify(request),
        options: {},
      });
      if (answer.kind === 'rejected')
        throw ApplicationFailure.nonRetryable(`${input.operation} refused the problem: ${answer.body}`, failureTypes.invalidPlanProblem);
      const output: SolveStepOutput = {
        resultRef: await putPayload(deps.pool, input.night.account, `${input.operation}_result`, JSON.parse(answer.body)),
      };
      await deps.runs.saveStepOutput(input.night, input.operation, inputDigest, output);
      return output;
    },

    /** Sums up the synced plan into the territory's record. */
    async completePipelineTerritory(input: FinishTerritoryInput): Promise<TerritorySummary> {
      const plan = await payload<ProblemResponse>(input.account, input.planRef);
      const { routes, routed, cost, distanceMeters } = planSummary(plan);
      const unrouted: UnroutedJobRecord[] = [
        ...plan.unrouted_jobs.map((job) => ({ id: job.id, reasons: [...(job.reasons ?? [])] })),
        ...input.geocodeUnrouted,
      ];
      const jobs = input.jobs + input.geocodeUnrouted.length;
      await deps.runs.completeTerritory(input.runId, input.territory, {
        jobs,
        routed: routed.size,
        routes,
        cost,
        distanceMeters,
        unrouted,
        sync: { destination: input.sync.destination, routes: input.sync.routes, stops: input.sync.stops, unchanged: input.sync.unchanged },
      });
      return { jobs, routed: routed.size, unrouted: unrouted.length, routes, cost, distanceMeters };
    },

    async endPipelineTerritory(runId: string, territory: string, status: 'failed' | 'canceled', error: string): Promise<void> {
      await deps.runs.endTerritory(runId, territory, status, error);
    },

    async finishPipelineRun(runId: string, status: Exclude<PipelineStatus, 'running'>, error?: string): Promise<void> {
      await deps.runs.finish(runId, status, error);
    },
  };
}

export type PipelineActivities = ReturnType<typeof createPipelineActivities>;
