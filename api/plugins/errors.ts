import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, type ErrorResponse } from '../errors.js';

/** Fastify's own failures, translated to the interface's error codes. */
function fromFastify(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(415, 'unsupported_media_type_error', 'The Content-Type header must be application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large_error', 'The request body is larger than this server accepts.');
    default:
      return undefined;
  }
}

export function errorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof ApiError ? error : fromFastify(error);
    if (known) {
      void reply.code(known.statusCode).headers(known.headers).send(known.body());
      return;
    }
    if (error.statusCode && error.statusCode < 500 && error.statusCode >= 400) {
      request.log.info({ err: error }, 'client error');
    } else {
      request.log.error({ err: error }, 'unexpected failure');
    }
    const body: ErrorResponse = { status_code: 500, error_code: 'internal_server_error', message: 'Unexpected failure; retry later.' };
    void reply.code(500).send(body);
  });
  app.setNotFoundHandler({}, (request, reply) => {
    const body = new ApiError(404, 'not_found_error', `No resource at ${request.url.split('?')[0]}.`).body();
    void reply.code(404).send(body);
  });
}
