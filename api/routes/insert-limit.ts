import { MAX_JOBS_TO_INSERT } from '../../model/operations.js';
import { ApiError } from '../errors.js';

/**
 * insert takes at most MAX_JOBS_TO_INSERT jobs (counted once each): more answers 400
 * too_many_jobs_to_insert_error before a task starts.
 */
export function checkInsertLimit(body: unknown): void {
  const jobs = (body as { jobs_to_insert?: unknown[] }).jobs_to_insert ?? [];
  const distinct = new Set(jobs.map((job) => (typeof job === 'string' ? job : ((job as { id?: unknown }).id ?? job))));
  if (distinct.size > MAX_JOBS_TO_INSERT) {
    throw new ApiError(400, 'too_many_jobs_to_insert_error', `insert takes at most ${MAX_JOBS_TO_INSERT} jobs_to_insert; the request has ${distinct.size}.`);
  }
}
