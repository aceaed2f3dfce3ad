import { MAX_BODY_DEPTH } from '../model/limits.js';
import type { ValidationErrorEntry } from './errors.js';

/** A value met on the walk; the property path is spelled out only for the one at fault. */
interface Visit {
  value: unknown;
  depth: number;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): string {
  const keys: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reduceRight<string>((path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`), 'request');
}

/**
 * The first reason a parsed body cannot be processed whatever the operation: nesting deeper than
 * MAX_BODY_DEPTH, or a NUL character in a string or property name (PostgreSQL text and jsonb
 * cannot hold one). Walks with its own stack so that any depth is safe.
 */
export function bodyShapeFault(body: unknown): ValidationErrorEntry | undefined {
  const stack: Visit[] = [{ value: body, depth: 0, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (value.includes('\0'))
        return { property: pathOf(visit), code: 'invalid_character_error', message: 'Text must not contain the NUL character (\\u0000).' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      return {
        property: pathOf(visit),
        code: 'nesting_too_deep_error',
        message: `The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep.`,
        parameters: { maximum: MAX_BODY_DEPTH },
      };
    }
    if (Array.isArray(value)) {
      value.forEach((child, index) => stack.push({ value: child, depth: depth + 1, key: index, parent: visit }));
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\0'))
        return {
          property: pathOf(visit),
          code: 'invalid_character_error',
          message: 'A property name must not contain the NUL character (\\u0000).',
        };
      stack.push({ value: child, depth: depth + 1, key, parent: visit });
    }
  }
  return undefined;
}
