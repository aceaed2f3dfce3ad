import { errorResponse, type ErrorResponse, type ValidationError } from '../model/types/meta.js';

/** Every `error_code` an `error_response` of the API may carry (the README's "The API" describes the body). */
export type ErrorCode =
  | 'validation_failed_error'
  | 'too_many_jobs_to_insert_error'
  | 'authentication_required_error'
  | 'invalid_session_id_error'
  | 'invalid_basic_auth_error'
  | 'permission_denied_error'
  | 'not_found_error'
  | 'invalid_task_id_error'
  | 'method_not_allowed_error'
  | 'not_acceptable_error'
  | 'task_not_complete_error'
  | 'task_canceled_error'
  | 'payload_too_large_error'
  | 'unsupported_media_type_error'
  | 'too_many_requests_error'
  | 'bad_request_error'
  | 'request_timeout_error'
  | 'uri_too_long_error'
  | 'request_header_fields_too_large_error'
  | 'internal_server_error'
  | 'service_unavailable_error'
  | 'geoservice_error'
  | 'geoservice_exceeded_maximum_retries'
  | 'geoservice_unavailable'
  | 'geostream_unavailable';

export type { ErrorResponse };
export type ValidationErrorEntry = ValidationError;

/** At most this many validation faults are listed; the count says how many there were. */
export const maxListedValidationErrors = 100;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorResponse {
    return errorResponse(this.statusCode, this.errorCode, this.message);
  }
}

export class ValidationFailedError extends ApiError {
  constructor(
    readonly entries: ValidationErrorEntry[],
    readonly total = entries.length,
  ) {
    super(400, 'validation_failed_error', `The request has ${total} validation error${total === 1 ? '' : 's'}.`);
  }

  override body(): ErrorResponse {
    return errorResponse(this.statusCode, this.errorCode, this.message, this.entries.slice(0, maxListedValidationErrors), this.total);
  }
}
