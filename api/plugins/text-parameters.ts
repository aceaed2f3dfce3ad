import type { FastifyInstance } from 'fastify';
import { ValidationFailedError, type ValidationErrorEntry } from '../errors.js';

function faultsOf(values: unknown, describe: (name: string) => string): ValidationErrorEntry[] {
  if (typeof values !== 'object' || values === null) return [];
  return Object.entries(values).flatMap(([name, value]) =>
    [value].flat().some((text) => typeof text === 'string' && text.includes('\0'))
      ? [{ property: name, code: 'invalid_character_error', message: `${describe(name)} must not contain the NUL character (%00).` }]
      : [],
  );
}

/**
 * Path and query parameters are ids, names, tags and cursors that reach PostgreSQL, whose text
 * cannot hold a NUL: such a parameter is a 400 naming it, before any route looks at it.
 */
export function textParameters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const faults = [
      ...faultsOf(request.params, (name) => `The path parameter ${name}`),
      ...faultsOf(request.query, (name) => `The query parameter ${name}`),
    ];
    if (faults.length > 0) throw new ValidationFailedError(faults);
  });
}
