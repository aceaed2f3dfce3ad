import { availableParallelism } from 'node:os';
import { Client } from '@temporalio/client';
import { DefaultLogger, Runtime, Worker, type LogLevel, type WorkerOptions } from '@temporalio/worker';
import { createRetentionActivities } from '../activities/retention-activities.js';
import { createSandboxActivities } from '../activities/sandbox-activities.js';
import { operationPool } from '../activities/operation-runner.js';
import { createTaskActivities } from '../activities/task-activities.js';
import { createGeocodeActivities } from '../activities/geocode-activities.js';
import { createPlatformActivities } from '../activities/platform-activities.js';
import { createPipelineActivities } from '../activities/pipeline-activities.js';
import { sizeProcessMatrixCache } from '../geo/travel-cache/process-cache.js';
import { GeocodeBatchStore } from '../store/geocoding-batches.js';
import type { Config } from '../runtime/config.js';
import type { Logger } from '../runtime/logger.js';
import { collectProcessMetrics, serveMetrics } from '../runtime/metrics-endpoint.js';
import { freePort } from '../runtime/ports.js';
import { createPool } from '../store/db.js';
import { PipelineRunStore } from '../store/pipeline-runs.js';
import { ChangeEvents } from '../store/change-events.js';
import { SandboxStore } from '../store/sandboxes.js';
import { taskChannel, TaskStore } from '../store/tasks.js';
import type { QueueRole } from '../workflows/contract.js';
import { createGeocoder, upstreamBreaker } from './create-geocoder.js';
import { meteredGeocoder, watchCircuit } from './geocoding-metrics.js';
import { livenessBeats } from './liveness.js';
import { connectWorkerTemporal } from './temporal-connection.js';
import { ensureHousekeepingSchedules } from './schedules.js';
import { loadWorkflowBundle } from './workflow-bundle.js';

/** The SDK exporter's families; none while it is not up yet, so a scrape during start-up still answers. */
async function sdkMetrics(address: string): Promise<string> {
  try {
    return await (await fetch(`http://${address}/metrics`)).text();
  } catch {
    return '';
  }
}

export interface RunningWorker {
  /** Resolves when every worker has stopped (after shutdown() or a fatal error). */
  done: Promise<void>;
  shutdown(): Promise<void>;
}

/** How long a starting worker waits for Temporal: as long as a starting API waits for it (runtime/temporal-client.ts). */
const TEMPORAL_WAIT_MS = 60000;

const sdkLevels: Record<string, LogLevel> = { trace: 'TRACE', debug: 'DEBUG', info: 'WARN', warn: 'WARN', error: 'ERROR', fatal: 'ERROR' };

/**
 * The SDK's own log lines go through our logger; its INFO chatter (worker state changes) is kept
 * below info. With `sdkMetricsAddress` the SDK serves its runtime metrics (polls, slots, latencies
 * of workflow and activity tasks) in Prometheus format there.
 */
function installSdkRuntime(log: Logger, sdkMetricsAddress: string | undefined): void {
  const level = sdkLevels[log.level] ?? 'WARN';
  Runtime.install({
    ...(sdkMetricsAddress
      ? { telemetryOptions: { metrics: { prometheus: { bindAddress: sdkMetricsAddress, useSecondsForDurations: true } } } }
      : {}),
    logger: new DefaultLogger(level, (entry) => {
      const method = entry.level === 'ERROR' ? 'error' : entry.level === 'WARN' ? 'warn' : 'debug';
      log[method]({ sdk: true, ...entry.meta }, entry.message);
    }),
  });
}

/**
 * One process serving the task queues: `wayplan-io` (workflows and storage) and `wayplan-solve`
 * (CPU: each activity runs its operation on a warm pool of worker threads; the workflows of quick
 * operations run there too, with the operation as a local activity). Run several with `--queues` to scale.
 */
export async function runWorker(
  config: Config,
  log: Logger,
  databaseUrl: string,
  temporalAddress: string,
  queues: QueueRole[],
): Promise<RunningWorker> {
  // The SDK's exporter listens on a private loopback port; the worker's own endpoint passes it on.
  const sdkMetricsAddress = config.metrics.workerPort ? `127.0.0.1:${await freePort()}` : undefined;
  installSdkRuntime(log, sdkMetricsAddress);
  const pool = createPool(databaseUrl, 10, { statementTimeoutMs: config.statementTimeoutSeconds * 1000, ...config.databaseLimits });
  const geocoding = config.geocoding;
  sizeProcessMatrixCache(config.travelCacheBytes);
  const breaker = upstreamBreaker(geocoding);
  if (geocoding.provider !== 'local') watchCircuit(breaker);
  collectProcessMetrics(pool, 'worker');
  const metrics = sdkMetricsAddress
    ? await serveMetrics(config.metrics.host, config.metrics.workerPort, log, () => sdkMetrics(sdkMetricsAddress))
    : undefined;
  // Warm before the first task: each thread has loaded the engine and the road graph. The threads
  // warm while this thread connects and creates the workers (most of it waiting on them otherwise);
  // polling starts only once both are done.
  const operations = queues.includes('solve') ? operationPool(config.travel, config.solverThreads, config.searchIterations) : undefined;
  const warmed = operations?.warm();
  // Awaited below; a failure before then must not end the process as an unhandled rejection first.
  warmed?.catch(() => undefined);
  // The local activities of quick operations watch their task, to end at once when it is canceled.
  const changes = operations ? new ChangeEvents(databaseUrl, taskChannel, config.databaseLimits) : undefined;
  await changes?.start();
  const activities = {
    ...createTaskActivities({ tasks: new TaskStore(pool), travel: config.travel, ...(changes ? { changes } : {}) }),
    ...createSandboxActivities({ sandboxes: new SandboxStore(pool) }),
    ...createRetentionActivities({ tasks: new TaskStore(pool), taskRetentionDays: config.taskRetentionDays }),
    ...createGeocodeActivities({
      tasks: new TaskStore(pool),
      batches: new GeocodeBatchStore(pool),
      geocoder: meteredGeocoder(createGeocoder(pool, geocoding, breaker)),
      concurrency: geocoding.concurrency,
    }),
    ...createPlatformActivities({ pool, tasks: new TaskStore(pool), platformLimits: config.platformLimits }),
    ...createPipelineActivities({ pool, runs: new PipelineRunStore(pool), batches: new GeocodeBatchStore(pool), travel: config.travel }),
  };
  const connection = await connectWorkerTemporal(temporalAddress, { timeoutMs: TEMPORAL_WAIT_MS });
  if (queues.includes('io'))
    await ensureHousekeepingSchedules(new Client({ connection, namespace: config.temporalNamespace }), config.taskQueues.io);
  const common: Partial<WorkerOptions> = {
    connection,
    namespace: config.temporalNamespace,
    activities,
    // Cancellation reaches an activity only with a heartbeat response: keep them frequent.
    maxHeartbeatThrottleInterval: '1s',
    defaultHeartbeatThrottleInterval: '1s',
    shutdownGraceTime: '5s',
  };
  // Bundled once for both queues (and kept for the next start on the same build).
  const workflowBundle = await loadWorkflowBundle(Runtime.instance().logger);
  const workers: Worker[] = [];
  for (const queue of queues) {
    const cores = Math.max(1, availableParallelism());
    const options: WorkerOptions =
      queue === 'io'
        ? {
            ...common,
            taskQueue: config.taskQueues.io,
            workflowBundle,
            maxConcurrentActivityTaskExecutions: 50,
            // A dead worker's storage steps are retried within their heartbeat timeout, not their start-to-close timeout.
            interceptors: { activity: [livenessBeats] },
          }
        : {
            ...common,
            taskQueue: config.taskQueues.solve,
            workflowBundle,
            maxConcurrentActivityTaskExecutions: cores,
            maxConcurrentLocalActivityExecutions: cores,
          };
    workers.push(await Worker.create(options));
  }
  await warmed;
  log.info(`worker serving ${queues.map((q) => config.taskQueues[q]).join(', ')}`);
  const done = Promise.all(workers.map((w) => w.run())).then(async () => {
    await connection.close();
    await changes?.close();
    await operations?.close();
    await metrics?.close();
    await pool.end();
  });
  return {
    done,
    shutdown: async () => {
      for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
      await done;
    },
  };
}
