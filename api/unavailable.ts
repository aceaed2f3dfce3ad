import { isGrpcServiceError } from '@temporalio/client';
import { databaseUnreachable } from '../store/database-faults.js';
import { ApiError } from './errors.js';

/**
 * Seconds a 503 asks the client to wait: a dependency that restarts (PostgreSQL, the Temporal
 * frontend) is back within seconds, and a retry sooner would mostly meet the same fault.
 */
export const retryAfterSeconds = 5;

/** 503 with Retry-After: the service cannot do the work at the moment, through no fault of the request. */
export function serviceUnavailable(message: string): ApiError {
  return new ApiError(503, 'service_unavailable_error', message, { 'Retry-After': String(retryAfterSeconds) });
}

// gRPC status codes (gRPC's own numbering) that say the server could not be reached: no connection
// to it, none within the connect timeout (runtime/temporal-reach.ts), or no answer within the
// call's deadline.
const unreachableStatuses: Record<number, string> = { 4: 'DEADLINE_EXCEEDED', 14: 'UNAVAILABLE' };

/** The gRPC status of `err` or of an error it wraps (the client's ServiceError wraps the call's). */
function grpcStatus(err: unknown): number | undefined {
  for (let at = err; at instanceof Error; at = at.cause) if (isGrpcServiceError(at)) return at.code;
  return undefined;
}

/** Whether `err` says that the Temporal frontend could not be reached. */
export function temporalUnreachable(err: unknown): boolean {
  return unreachableStatuses[grpcStatus(err) ?? -1] !== undefined;
}

/** What failed reaching Temporal, for an unauthenticated client: the call's status, not its details, which name the address. */
export function describeTemporalFault(err: unknown): string {
  const status = grpcStatus(err);
  if (status === undefined) return 'failed (the log has the error)';
  return `gRPC status ${status}${status in unreachableStatuses ? ` ${unreachableStatuses[status]}` : ''}`;
}

/**
 * The answer to a request that failed because one of the service's own dependencies, its
 * PostgreSQL or Temporal, cannot be reached: 503, in words that name neither host nor credentials
 * (the log has the error). Undefined for any other failure, which is a bug (500).
 */
export function unreachableDependency(err: unknown): ApiError | undefined {
  if (databaseUnreachable(err)) return serviceUnavailable('The service cannot reach its database at the moment; retry shortly.');
  if (temporalUnreachable(err)) return serviceUnavailable('The service cannot reach its workflow engine at the moment; retry shortly.');
  return undefined;
}
