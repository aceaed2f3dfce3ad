import { continueAsNew, executeChild, isCancellation, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { GeocodeActivities } from '../activities/geocode-activities.js';
import {
  failureTypes,
  geocodeBatchProgressQuery,
  ioHeartbeatTimeout,
  type BatchCounts,
  type ChunkCounts,
  type GeocodeBatchInput,
  type GeocodeBatchProgress,
  type GeocodeChunkInput,
  type PendingChunk,
} from './contract.js';

/**
 * A batch of addresses stored in PostgreSQL: the pending ones are split into chunks, each run
 * as a child workflow, at most `window` at a time. Returns the batch's final counts.
 */
export async function geocodeBatch(input: GeocodeBatchInput): Promise<BatchCounts> {
  const { planGeocodeBatch, finishGeocodeBatch } = proxyActivities<GeocodeActivities>({
    startToCloseTimeout: '5m',
    // The io worker beats for these: a worker that dies during one is noticed within this, not in 5 minutes.
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 10 },
  });
  const chunks = input.remaining ?? (await planGeocodeBatch(input.batchId, input.chunkSize));
  const progress: GeocodeBatchProgress = input.progress ?? {
    addresses: chunks.reduce((sum, c) => sum + c.pending, 0),
    processed: 0,
    geocoded: 0,
    failed: 0,
    chunks: chunks.length,
    chunksDone: 0,
  };
  setHandler(geocodeBatchProgressQuery, () => progress);

  const { batchId, remaining: _remaining, progress: _progress, ...options } = input;
  const running = new Set<Promise<void>>();
  let next = 0;
  const startChunk = (pending: PendingChunk): void => {
    const run = executeChild(geocodeBatchChunk, {
      workflowId: `${workflowInfo().workflowId}:chunk-${pending.chunk}`,
      args: [{ ...options, batchId, chunk: pending.chunk }],
    }).then((counts: ChunkCounts) => {
      // Addresses that were not pending when the run started were geocoded by an earlier run.
      const earlier = counts.total - pending.pending;
      progress.geocoded += counts.geocoded - earlier;
      progress.failed += counts.failed;
      progress.processed += pending.pending;
      progress.chunksDone++;
      running.delete(run);
    });
    running.add(run);
  };
  while (next < chunks.length || running.size > 0) {
    while (running.size < input.window && next < chunks.length) startChunk(chunks[next++]!);
    await Promise.race(running);
    if (workflowInfo().continueAsNewSuggested && next < chunks.length) {
      // Keep the history small on very large batches: drain the window, then start afresh.
      await Promise.all(running);
      await continueAsNew<typeof geocodeBatch>({ ...input, remaining: chunks.slice(next), progress });
    }
  }
  return finishGeocodeBatch(batchId);
}

/**
 * One chunk: its activity is retried by a bounded policy while transient faults remain; when the
 * tries run out (or anything else fails it), the still-pending addresses are recorded as failed
 * with their reason. Either way the chunk ends with every address accounted for.
 */
export async function geocodeBatchChunk(input: GeocodeChunkInput): Promise<ChunkCounts> {
  const { geocodeBatchChunk: geocodeChunk } = proxyActivities<GeocodeActivities>({
    startToCloseTimeout: '30m',
    // The activity beats every second: a chunk whose worker died is retried elsewhere within 15 s.
    heartbeatTimeout: '15s',
    retry: {
      initialInterval: input.retryIntervalMs,
      backoffCoefficient: 2,
      maximumInterval: input.maxRetryIntervalMs,
      maximumAttempts: input.attempts,
    },
  });
  const { failPendingGeocodes } = proxyActivities<GeocodeActivities>({
    startToCloseTimeout: '1m',
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 20 },
  });
  try {
    return await geocodeChunk(input.batchId, input.chunk, input.chunkSize);
  } catch (err) {
    if (isCancellation(err)) throw err;
    const cause = (err as { cause?: { type?: string; message?: string } }).cause;
    const exhausted = cause?.type === failureTypes.geoserviceTransient;
    const code = exhausted ? 'geoservice_exceeded_maximum_retries' : 'geoservice_error';
    const message = exhausted ? 'still failing after the last retry' : `geocoding stopped: ${cause?.message ?? (err as Error).message}`;
    return failPendingGeocodes(input.batchId, input.chunk, input.chunkSize, code, message);
  }
}
