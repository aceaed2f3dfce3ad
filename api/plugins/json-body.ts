import type { FastifyInstance } from 'fastify';
import { ValidationFailedError } from '../errors.js';
import { locateJsonError } from '../json-error-position.js';
import { bodyShapeFault } from '../body-shape.js';

/**
 * Parses JSON bodies, answering a malformed one with `invalid_json_error` and where it broke, and
 * one too deep or holding NUL characters with the fault before any route sees it. JSON is strict
 * (RFC 8259: no comments, no trailing commas). An empty body is no body: clients of the
 * compatible API send `Content-Type: application/json` on every call, body-less ones included
 * (task cancel, sandbox rename, expiry, permissions, delete).
 */
export function jsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = text as string;
    if (body.trim() === '') {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      const where = locateJsonError(body);
      done(
        new ValidationFailedError([
          {
            code: 'invalid_json_error',
            message: `The body is not valid JSON: ${where.reason} at line ${where.line}, position ${where.position}.`,
            line: where.line,
            position: where.position,
          },
        ]),
        undefined,
      );
      return;
    }
    const fault = bodyShapeFault(parsed);
    done(fault ? new ValidationFailedError([fault]) : null, fault ? undefined : parsed);
  });
}
