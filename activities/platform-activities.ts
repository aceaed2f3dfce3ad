import { ApplicationFailure, Context, log } from '@temporalio/activity';
import { readStoredResult, type StoredResult } from '../model/plan-result.js';
import type { DateRange } from '../model/types/common.js';
import { errorResponse, type ErrorResponse } from '../model/types/meta.js';
import type { PlatformPullResponse, PlatformSyncRequest } from '../model/types/platform.js';
import type { Problem } from '../model/types/problem.js';
import type { ProblemResponse } from '../model/types/responses.js';
import type { AddressToLocate, PlatformConnector, RowFault, SyncResult, Territory } from '../platform/connector.js';
import { openConnector } from '../platform/open-connector.js';
import { PlatformSetupError, publicPlatformFault, UnknownTerritoryError } from '../platform/platform-errors.js';
import type { PlatformLimits } from '../platform/platform-limits.js';
import type { Pool } from '../store/db.js';
import { getPlatformConnection, UnknownConnectionError } from '../store/platform-connections.js';
import { getPayload, putPayload, UnknownPayloadError } from '../store/payloads.js';
import type { TaskStore } from '../store/tasks.js';
import { withRunningTask } from './running-task.js';
import { failureTypes } from '../workflows/contract.js';

export interface PlatformActivityDeps {
  pool: Pool;
  tasks: TaskStore;
  platformLimits: PlatformLimits;
}

export interface PullTerritoryInput {
  account: string;
  connection: string;
  territory: string;
  range: DateRange;
}

export interface PullTerritoryOutput {
  /** The pulled problem, stored with putPayload (kind `problem`). */
  problemRef: string;
  addresses: AddressToLocate[];
  faults: RowFault[];
  jobs: number;
}

export interface SyncTerritoryInput {
  account: string;
  connection: string;
  territory: string;
  range: DateRange;
  runId: string;
  /** A stored plan: a problem_response, or a problem with routes carrying `response` (return_request). */
  planRef: string;
  /** A stored problem the plan answers (e.g. build's return_request answer): gives routes their driver and date. */
  problemRef?: string;
}

/**
 * A known, permanent fault as a non-retryable failure; anything else (the network, a restart) is
 * retried. An activity stopped by its cancel ends with the cancel's own reason: only that one the
 * SDK reports as a cancel rather than a failure.
 */
function asFailure(err: unknown): unknown {
  const cancel = Context.current().cancellationSignal;
  if (cancel.aborted) return cancel.reason;
  if (err instanceof UnknownConnectionError) return ApplicationFailure.nonRetryable(err.message, failureTypes.unknownConnection);
  if (err instanceof UnknownTerritoryError) return ApplicationFailure.nonRetryable(err.message, failureTypes.unknownTerritory);
  if (err instanceof PlatformSetupError) return ApplicationFailure.nonRetryable(err.message, failureTypes.platformSetup);
  if (err instanceof UnknownPayloadError) return ApplicationFailure.nonRetryable(err.message, failureTypes.planPayloadMissing);
  if (err instanceof ApplicationFailure) return err;
  // Retried; its message ends up in task and run records that clients read.
  log.warn('platform fault', { error: err instanceof Error ? err.message : String(err) });
  return ApplicationFailure.retryable(publicPlatformFault(err), failureTypes.platformUnreachable);
}

/** The error body a platform task fails with, for the faults a client can act on. */
function errorBody(err: unknown): ErrorResponse | undefined {
  if (err instanceof UnknownConnectionError) return errorResponse(404, 'not_found_error', `No platform connection ${err.connection}.`);
  if (err instanceof UnknownTerritoryError) {
    const message = `The connection has no territory ${err.territory}.`;
    return errorResponse(400, 'validation_failed_error', 'The request has 1 validation error.', [
      {
        property: 'request.territory',
        code: 'reference_not_found_error',
        message,
        parameters: { id: err.territory, collection: 'territories' },
        attempted_value: err.territory,
      },
    ]);
  }
  if (err instanceof PlatformSetupError)
    return errorResponse(503, 'service_unavailable_error', `The fleet platform is not usable: ${err.message}.`);
  return undefined;
}

export function createPlatformActivities(deps: PlatformActivityDeps) {
  const connected = async <T>(account: string, name: string, work: (connector: PlatformConnector) => Promise<T>): Promise<T> => {
    const connector = openConnector(await getPlatformConnection(deps.pool, account, name), deps.platformLimits);
    try {
      return await work(connector);
    } finally {
      await connector.close();
    }
  };

  // A cancel (it comes with the heartbeat the io worker sends) stops the connector at its next safe point.
  const pull = async (input: PullTerritoryInput) =>
    connected(input.account, input.connection, (connector) =>
      connector.pull(input.territory, input.range, Context.current().cancellationSignal),
    );

  const sync = async (
    input: Omit<SyncTerritoryInput, 'planRef' | 'problemRef'>,
    plan: ProblemResponse,
    problem: Problem | undefined,
  ): Promise<SyncResult> =>
    connected(input.account, input.connection, (connector) =>
      connector.sync(
        {
          runId: input.runId,
          territory: input.territory,
          range: input.range,
          plan,
          ...(problem === undefined ? {} : { problem }),
        },
        Context.current().cancellationSignal,
      ),
    );

  return {
    async listTerritories(input: { account: string; connection: string }): Promise<Territory[]> {
      try {
        return await connected(input.account, input.connection, (connector) => connector.listTerritories());
      } catch (err) {
        throw asFailure(err);
      }
    },

    /** Pulls a territory's problem for the range and stores it; the faulty rows come back listed. */
    async pullTerritory(input: PullTerritoryInput): Promise<PullTerritoryOutput> {
      try {
        const pulled = await pull(input);
        const problemRef = await putPayload(deps.pool, input.account, 'problem', pulled.problem);
        return { problemRef, addresses: pulled.addresses, faults: pulled.faults, jobs: pulled.problem.jobs?.length ?? 0 };
      } catch (err) {
        throw asFailure(err);
      }
    },

    /** Writes a stored plan back to the platform under the run id; idempotent (see SyncResult.unchanged). */
    async syncTerritory(input: SyncTerritoryInput): Promise<SyncResult> {
      try {
        const { plan, problem: embedded } = readStoredResult(await getPayload<StoredResult>(deps.pool, input.account, input.planRef));
        const problem = input.problemRef === undefined ? embedded : await getPayload<Problem>(deps.pool, input.account, input.problemRef);
        return await sync(input, plan, problem);
      } catch (err) {
        throw asFailure(err);
      }
    },

    /**
     * A `platform_pull` or `platform_sync` API task: stores the result, or the error body of a
     * fault the client can act on. Other faults (the platform unreachable) are thrown and retried.
     */
    async runPlatformTask(taskId: string): Promise<void> {
      await withRunningTask(deps.tasks, taskId, async (task, body) => {
        const request = JSON.parse(body) as PlatformSyncRequest & { connection: string };
        const target = { account: task.account, connection: request.connection, territory: request.territory, range: request.date_range };
        try {
          let result: unknown;
          if (task.operation === 'platform_pull') {
            const pulled = await pull(target);
            result = {
              territory: pulled.territory,
              date_range: pulled.range,
              problem: pulled.problem,
              addresses: pulled.addresses,
              row_faults: pulled.faults,
            } satisfies PlatformPullResponse;
          } else {
            result = await sync({ ...target, runId: request.run_id }, request.plan, request.problem);
          }
          await deps.tasks.finish(taskId, 'completed', { kind: 'result', body: JSON.stringify(result) });
        } catch (err) {
          // Stopped by a cancel: whoever canceled the task has put it in its final state (and a worker
          // shutting down leaves it to the retry), so there is nothing to store.
          Context.current().cancellationSignal.throwIfAborted();
          const failure = errorBody(err);
          if (failure === undefined) throw asFailure(err);
          await deps.tasks.finish(taskId, 'failed', { kind: 'error', body: JSON.stringify(failure) });
        }
      });
    },

    /** Ends a platform task whose retries ran out: the platform could not be reached. */
    async failPlatformTask(taskId: string, reason: string): Promise<void> {
      const body = errorResponse(503, 'service_unavailable_error', `The fleet platform could not be reached: ${reason}`);
      await deps.tasks.finish(taskId, 'failed', { kind: 'error', body: JSON.stringify(body) });
    },
  };
}

export type PlatformActivities = ReturnType<typeof createPlatformActivities>;
