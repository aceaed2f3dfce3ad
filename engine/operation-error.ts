import { errorResponse, type ErrorResponse } from '../model/types/meta.js';

/**
 * A fault of the request that only the operation itself can detect; it ends the task as failed
 * with this error body instead of being retried.
 */
export class OperationError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly errors?: { property?: string; code: string; message: string; parameters?: Record<string, unknown> }[],
  ) {
    super(message);
  }

  body(): ErrorResponse {
    return errorResponse(this.statusCode, this.errorCode, this.message, this.errors);
  }
}
