import {
  ActivityCancellationType,
  CancellationScope,
  condition,
  executeChild,
  getExternalWorkflowHandle,
  isCancellation,
  proxyActivities,
  setHandler,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { PipelineActivities } from '../activities/pipeline-activities.js';
import type { PlatformActivities } from '../activities/platform-activities.js';
import {
  failureMessage,
  ioHeartbeatTimeout,
  nightlyProgressQuery,
  territoryProgressQuery,
  territoryProgressSignal,
  type GeocodeBatchOptions,
  type NightlyPlanInput,
  type NightlyProgress,
  type NightlyTerritoryInput,
  type PipelineStep,
  type SolveSettings,
  type TerritoryProgress,
  type UnroutedJobRecord,
} from './contract.js';
import { geocodeBatch } from './geocode-batch.js';

const defaultGeocode: GeocodeBatchOptions = { chunkSize: 100, window: 4, attempts: 6, retryIntervalMs: 2000, maxRetryIntervalMs: 60000 };
/** Territory workflows running at once; the rest wait their turn. */
const territoryWindow = 16;

/**
 * One nightly planning run (pull, geocode, instantiate, build, optimize, sync per territory): a
 * child workflow per territory, so one territory's failure leaves the others running. Large data
 * stays in PostgreSQL; only references and counts cross Temporal. Progress answers `nightlyProgressQuery`.
 */
export async function nightlyPlan(input: NightlyPlanInput): Promise<NightlyProgress> {
  const { openPipelineRun, addRunTerritories, finishPipelineRun } = proxyActivities<PipelineActivities>({
    startToCloseTimeout: '5m',
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 10 },
  });
  const { listTerritories } = proxyActivities<PlatformActivities>({
    startToCloseTimeout: '5m',
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 6 },
  });
  const info = workflowInfo();
  const runId = input.runId ?? uuid4().replace(/-/g, '').slice(0, 16);
  const progress: NightlyProgress = { runId, status: 'starting', days: input.days, territories: {} };
  setHandler(nightlyProgressQuery, () => progress);
  setHandler(territoryProgressSignal, (territory, update) => {
    progress.territories[territory] = update;
  });

  try {
    const opened = await openPipelineRun({
      runId,
      account: input.account,
      connection: input.connection,
      workflowId: info.workflowId,
      trigger: input.trigger ?? 'manual',
      days: input.days,
      date: input.date,
      timezone: input.timezone ?? 'UTC',
      planOffsetDays: input.planOffsetDays ?? 1,
      startedAt: info.startTime.toISOString(),
      territories: input.territories,
    });
    progress.planDate = opened.planDate;
    const territories =
      input.territories ?? (await listTerritories({ account: input.account, connection: input.connection })).map((t) => t.id);
    await addRunTerritories(runId, territories);
    for (const territory of territories) progress.territories[territory] = { status: 'pending', steps: {} };
    progress.status = 'running';

    const solve: SolveSettings = {
      randomSeed: input.solve?.randomSeed ?? 1,
      ...(input.solve?.timeLimitSeconds !== undefined ? { timeLimitSeconds: input.solve.timeLimitSeconds } : {}),
    };
    const geocode: GeocodeBatchOptions = { ...defaultGeocode, ...input.geocode };
    const runTerritory = async (territory: string): Promise<boolean> => {
      try {
        await executeChild(nightlyTerritory, {
          workflowId: `${info.workflowId}:${territory}`,
          args: [
            {
              runId,
              night: { account: input.account, connection: input.connection, territory, planDate: opened.planDate, days: input.days },
              range: opened.range,
              solveQueue: input.solveQueue,
              solve,
              geocode,
              parentWorkflowId: info.workflowId,
            },
          ],
        });
        return true;
      } catch (err) {
        if (isCancellation(err)) throw err;
        // The child recorded its failure; the others go on.
        const current = progress.territories[territory];
        if (current && current.status !== 'failed')
          progress.territories[territory] = { ...current, status: 'failed', error: failureMessage(err) };
        return false;
      }
    };
    let running = 0;
    const started: Promise<boolean>[] = [];
    for (const territory of territories) {
      await condition(() => running < territoryWindow);
      running++;
      started.push(runTerritory(territory).finally(() => running--));
    }
    const outcomes = await Promise.all(started);
    const failed = outcomes.filter((ok) => !ok).length;
    progress.status = failed > 0 ? 'failed' : 'completed';
    if (failed > 0) progress.error = `${failed} of ${territories.length} territories failed`;
    await finishPipelineRun(runId, progress.status, progress.error);
    return progress;
  } catch (err) {
    progress.error = failureMessage(err);
    if (isCancellation(err)) {
      progress.status = 'canceled';
      await CancellationScope.nonCancellable(() => finishPipelineRun(runId, 'canceled', 'canceled'));
    } else {
      progress.status = 'failed';
      await finishPipelineRun(runId, 'failed', progress.error);
    }
    throw err;
  }
}

/**
 * One territory's night: pull → geocode → instantiate → build → optimize → sync. Each step is an
 * idempotent activity (or the geocode batch child) with bounded retries, and records its wall
 * time; steps whose input is unchanged since an earlier run of the same night reuse its output.
 */
export async function nightlyTerritory(input: NightlyTerritoryInput): Promise<TerritoryProgress> {
  const { night, runId } = input;
  // The io steps get the io heartbeat timeout: a worker that dies during one is noticed within it.
  const storage = proxyActivities<PipelineActivities>({
    startToCloseTimeout: '10m',
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 8 },
  });
  const solver = proxyActivities<PipelineActivities>({
    taskQueue: input.solveQueue,
    startToCloseTimeout: '2h',
    heartbeatTimeout: '10s',
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 5 },
  });
  const platform = proxyActivities<PlatformActivities>({
    startToCloseTimeout: '10m',
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 6 },
  });
  const { recordPipelineStep, completePipelineTerritory, endPipelineTerritory } = proxyActivities<PipelineActivities>({
    startToCloseTimeout: '1m',
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 20 },
  });

  const progress: TerritoryProgress = { status: 'running', steps: {} };
  setHandler(territoryProgressQuery, () => progress);
  const tellParent = async (): Promise<void> => {
    try {
      await getExternalWorkflowHandle(input.parentWorkflowId).signal(territoryProgressSignal, night.territory, progress);
    } catch {
      // The parent is gone (terminated); the territory's own record still tells the story.
    }
  };

  const step = async <T extends object>(
    name: PipelineStep,
    work: () => Promise<T>,
    details: (output: T) => Parameters<typeof recordPipelineStep>[4] = () => ({}),
  ): Promise<T> => {
    progress.step = name;
    progress.steps[name] = { status: 'running' };
    await Promise.all([tellParent(), recordPipelineStep(runId, night.territory, name, { status: 'running' })]);
    const started = Date.now();
    try {
      const output = await work();
      progress.steps[name] = {
        status: 'completed',
        ms: Date.now() - started,
        ...((output as { reused?: boolean }).reused ? { reused: true } : {}),
      };
      await Promise.all([tellParent(), recordPipelineStep(runId, night.territory, name, progress.steps[name]!, details(output))]);
      return output;
    } catch (err) {
      progress.steps[name] = { status: 'failed', ms: Date.now() - started };
      await CancellationScope.nonCancellable(() => recordPipelineStep(runId, night.territory, name, progress.steps[name]!));
      throw err;
    }
  };

  try {
    const pulled = await step(
      'pull',
      () =>
        platform.pullTerritory({ account: night.account, connection: night.connection, territory: night.territory, range: input.range }),
      (out) => ({ jobs: out.jobs, rowFaults: out.faults }),
    );
    progress.jobs = pulled.jobs;

    const located = await step(
      'geocode',
      async () => {
        const prepared = await storage.prepareGeocoding({
          night,
          problemRef: pulled.problemRef,
          addresses: pulled.addresses,
          batchId: `nightly-${runId}-${uuid4().slice(0, 8)}`,
        });
        if (prepared.reused) return prepared.reused;
        if (prepared.batchId !== undefined) {
          await executeChild(geocodeBatch, {
            workflowId: `${workflowInfo().workflowId}:geocode`,
            args: [{ batchId: prepared.batchId, ...input.geocode }],
          });
        }
        return storage.applyGeocoding({
          night,
          problemRef: pulled.problemRef,
          batchId: prepared.batchId,
          inputDigest: prepared.inputDigest,
        });
      },
      (out) => ({ failedAddresses: out.failedAddresses }),
    );

    const horizon = await step(
      'instantiate',
      () => storage.instantiateHorizon({ night, problemRef: located.problemRef }),
      (out) => ({ jobs: out.jobs + located.unrouted.length }),
    );
    progress.jobs = horizon.jobs + located.unrouted.length;
    const built = await step('build', () =>
      solver.runPlanOperation({ night, operation: 'build', inputRef: horizon.problemRef, settings: input.solve }),
    );
    const optimized = await step('optimize', () =>
      solver.runPlanOperation({ night, operation: 'optimize', inputRef: built.resultRef, settings: input.solve }),
    );
    const synced = await step('sync', () =>
      platform.syncTerritory({
        account: night.account,
        connection: night.connection,
        territory: night.territory,
        range: input.range,
        runId: `nightly-${night.planDate}-${night.days}d`,
        planRef: optimized.resultRef,
        problemRef: horizon.problemRef,
      }),
    );

    const summary = await completePipelineTerritory({
      runId,
      territory: night.territory,
      account: night.account,
      planRef: optimized.resultRef,
      jobs: horizon.jobs,
      geocodeUnrouted: located.unrouted satisfies UnroutedJobRecord[],
      sync: synced,
    });
    progress.status = 'completed';
    delete progress.step;
    progress.jobs = summary.jobs;
    progress.routed = summary.routed;
    progress.unrouted = summary.unrouted;
    await tellParent();
    return progress;
  } catch (err) {
    const canceled = isCancellation(err);
    progress.status = canceled ? 'canceled' : 'failed';
    progress.error = `${progress.step ?? 'run'}: ${failureMessage(err)}`;
    await CancellationScope.nonCancellable(async () => {
      await endPipelineTerritory(runId, night.territory, canceled ? 'canceled' : 'failed', progress.error!);
      await tellParent();
    });
    throw err;
  }
}
