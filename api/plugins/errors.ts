import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { unreachableDependency } from '../unavailable.js';

/** Fastify's own failures, translated to the interface's error codes. */
function fromFastify(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(415, 'unsupported_media_type_error', 'The Content-Type header must be application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large_error', 'The request body is larger than this server accepts.');
    case 'FST_ERR_BAD_URL':
      return new ApiError(400, 'bad_request_error', 'The URL is not validly percent-encoded.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(414, 'uri_too_long_error', 'A path segment of the URL is longer than any id this service issues.');
    default:
      // Any other client fault Fastify detects: its status, our words (its codes and messages are
      // framework internals, not the interface).
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? new ApiError(error.statusCode, 'bad_request_error', 'The request could not be read.')
        : undefined;
  }
}

/** Failures Fastify reports before a route is found (bad URL, path segment too long). */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = fromFastify(error) ?? new ApiError(400, 'bad_request_error', 'The request could not be read.');
  request.log.info({ code: error.code }, 'request refused by the HTTP layer');
  void reply.code(known.statusCode).send(known.body());
}

/** What Node's HTTP parser refuses (headers too large, request timeout, malformed): answered in our error shape on the raw socket. */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const failure =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new ApiError(408, 'request_timeout_error', 'The request (headers and body) did not arrive in time.')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new ApiError(431, 'request_header_fields_too_large_error', 'The request headers are larger than this server accepts.')
        : new ApiError(400, 'bad_request_error', 'The request is not valid HTTP.');
  const status = failure.statusCode;
  const text = JSON.stringify(failure.body());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

export function errorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof ApiError ? error : fromFastify(error);
    if (known) {
      void reply.code(known.statusCode).headers(known.headers).send(known.body());
      return;
    }
    const unavailable = unreachableDependency(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'a dependency of the service is unreachable');
      void reply.code(unavailable.statusCode).headers(unavailable.headers).send(unavailable.body());
      return;
    }
    request.log.error({ err: error }, 'unexpected failure');
    void reply.code(500).send(new ApiError(500, 'internal_server_error', 'Unexpected failure; retry later.').body());
  });
  app.setNotFoundHandler({}, (request, reply) => {
    const body = new ApiError(404, 'not_found_error', `No resource at ${request.url.split('?')[0]}.`).body();
    void reply.code(404).send(body);
  });
}
