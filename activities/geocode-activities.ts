import { ApplicationFailure, Context } from '@temporalio/activity';
import { MAX_GEOCODE_RESULTS, type GeocodeRequest, type ReverseGeocodeRequest } from '../model/types/geo-requests.js';
import { parseLatLon } from '../model/latlon.js';
import { allFailedError, geocodedLocation, type AddressOutcome } from '../geo/geocoding/geocode-responses.js';
import type { GeocodeSuggestion, Geocoder } from '../geo/geocoding/geocoder.js';
import { asGeoserviceError, GeoserviceError } from '../geo/geocoding/geoservice-error.js';
import { runLimited } from '../geo/geocoding/run-limited.js';
import type { BatchCounts, ChunkCounts, GeocodeBatchStore, PendingChunk } from '../store/geocoding-batches.js';
import type { TaskStore } from '../store/tasks.js';
import { withRunningTask } from './running-task.js';
import { failureTypes } from '../workflows/contract.js';

export interface GeocodeActivityDeps {
  tasks: TaskStore;
  batches: GeocodeBatchStore;
  geocoder: Geocoder;
  /** Addresses in flight at once per activity. */
  concurrency: number;
}

export const defaultMaxResults = 5;
const reverseResults = 3;

/** Heartbeats every second while `work` runs, so that cancellation arrives and a dead worker is noticed. */
async function heartbeating<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  context.heartbeat();
  const beat = setInterval(() => context.heartbeat(), 1000);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}

export function createGeocodeActivities(deps: GeocodeActivityDeps) {
  const outcomeOf = async (run: () => Promise<GeocodeSuggestion[]>): Promise<AddressOutcome> => {
    try {
      return { suggestions: await run() };
    } catch (err) {
      if (Context.current().cancellationSignal.aborted) throw err;
      return { error: asGeoserviceError(err) };
    }
  };

  return {
    /**
     * A geocode or reverse_geocode task: every address gets suggestions or its own error; the task
     * fails (500, geoservice_*) only when no address could be processed. Idempotent on retry.
     */
    async runGeocodeTask(taskId: string): Promise<void> {
      await withRunningTask(deps.tasks, taskId, (task, body) => {
        const signal = Context.current().cancellationSignal;
        return heartbeating(async () => {
          const request = JSON.parse(body) as GeocodeRequest & ReverseGeocodeRequest;
          const items = task.operation === 'geocode' ? request.addresses : request.locations;
          const outcomes: AddressOutcome[] = new Array(items.length);
          if (task.operation === 'geocode') {
            await runLimited(request.addresses, deps.concurrency, async (address, i) => {
              const maxResults = Math.min(MAX_GEOCODE_RESULTS, address.max_results ?? defaultMaxResults);
              outcomes[i] = await outcomeOf(() =>
                deps.geocoder.geocode(
                  { text: address.query, maxResults, account: task.account, ...(address.country ? { country: address.country } : {}) },
                  signal,
                ),
              );
            });
          } else {
            await runLimited(request.locations, deps.concurrency, async (location, i) => {
              const point = parseLatLon(location.location);
              outcomes[i] = point
                ? await outcomeOf(() => deps.geocoder.reverse(point, reverseResults, signal))
                : { error: new GeoserviceError('geoservice_error', `"${location.location}" is not a location`, false) };
            });
          }
          const errors = outcomes.flatMap((o) => ('error' in o ? [o.error] : []));
          if (items.length > 0 && errors.length === items.length) {
            const failure = allFailedError(errors, task.operation === 'geocode' ? 'address' : 'location');
            await deps.tasks.finish(taskId, 'failed', { kind: 'error', body: JSON.stringify(failure) });
            return;
          }
          const result = {
            ...(request.id !== undefined ? { id: request.id } : {}),
            ...(request.name !== undefined ? { name: request.name } : {}),
            geocoded_locations: items.map((item, i) => geocodedLocation(item.id, outcomes[i]!)),
            ...(request.custom !== undefined ? { custom: request.custom } : {}),
          };
          await deps.tasks.finish(taskId, 'completed', { kind: 'result', body: JSON.stringify(result) });
        });
      });
    },

    /** Chunks of a batch that still have pending addresses, with how many each has. */
    async planGeocodeBatch(batchId: string, chunkSize: number): Promise<PendingChunk[]> {
      return deps.batches.pendingChunks(batchId, chunkSize);
    },

    /**
     * Geocodes a chunk's pending addresses. Permanent failures are recorded as final; if transient
     * ones remain, it fails with a retryable GeoserviceTransient so the retry policy tries just those
     * again (after the upstream's Retry-After, when it gave one).
     */
    async geocodeBatchChunk(batchId: string, chunk: number, chunkSize: number): Promise<ChunkCounts> {
      const signal = Context.current().cancellationSignal;
      const pending = await deps.batches.pendingIn(batchId, chunk, chunkSize);
      let transient: GeoserviceError | undefined;
      let transientCount = 0;
      let retryAfterMs = 0;
      await heartbeating(() =>
        runLimited(pending, deps.concurrency, async (address) => {
          try {
            const [best] = await deps.geocoder.geocode(
              { text: address.query, maxResults: 1, ...(address.country ? { country: address.country } : {}) },
              signal,
            );
            if (best) await deps.batches.recordGeocoded(batchId, address.position, best);
            else await deps.batches.recordFailure(batchId, address.position, 'no_match', 'no place matches this address', true);
          } catch (err) {
            if (signal.aborted) throw err;
            const error = asGeoserviceError(err);
            await deps.batches.recordFailure(batchId, address.position, error.code, error.message, !error.transient);
            if (error.transient) {
              transient = error;
              transientCount++;
              retryAfterMs = Math.max(retryAfterMs, error.retryAfterMs ?? 0);
            }
          }
        }),
      );
      if (transient) {
        throw ApplicationFailure.create({
          type: failureTypes.geoserviceTransient,
          message: `${transientCount} of ${pending.length} addresses failed transiently (last: ${transient.code}: ${transient.message})`,
          ...(retryAfterMs > 0 ? { nextRetryDelay: retryAfterMs } : {}),
        });
      }
      return deps.batches.chunkCounts(batchId, chunk, chunkSize);
    },

    /** After the retries ran out: the chunk's pending addresses become failed, each with its latest reason. */
    async failPendingGeocodes(batchId: string, chunk: number, chunkSize: number, code: string, message: string): Promise<ChunkCounts> {
      await deps.batches.failPending(batchId, chunk, chunkSize, code, message);
      return deps.batches.chunkCounts(batchId, chunk, chunkSize);
    },

    async finishGeocodeBatch(batchId: string): Promise<BatchCounts> {
      await deps.batches.complete(batchId);
      return deps.batches.counts(batchId);
    },
  };
}

export type GeocodeActivities = ReturnType<typeof createGeocodeActivities>;
