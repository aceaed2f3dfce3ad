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

  body(): Record<string, unknown> {
    return {
      status_code: this.statusCode,
      error_code: this.errorCode,
      message: this.message,
      ...(this.errors ? { errors: this.errors, extra_error_information: { validation_failures_count: this.errors.length } } : {}),
    };
  }
}
