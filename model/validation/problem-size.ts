import { isJsonObject } from '../json.js';
import type { FaultCollector } from './faults.js';

/**
 * Most entities (jobs, routes, drivers, vehicles, markers, schedules, ... together, inline route
 * jobs included) a problem may hold. Validation and the canonical form run in the API process
 * before a task starts, at about 15 µs per entity: the count is checked first, on the raw body.
 */
export const MAX_PROBLEM_ENTITIES = 25_000;

function length(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/** Adds a fault and answers true when the body holds more entities than MAX_PROBLEM_ENTITIES. */
export function problemTooLarge(body: unknown, faults: FaultCollector): boolean {
  if (!isJsonObject(body)) return false;
  let count = 0;
  for (const value of Object.values(body)) count += length(value);
  for (const route of Array.isArray(body.routes) ? body.routes : []) if (isJsonObject(route)) count += length(route.jobs);
  if (count <= MAX_PROBLEM_ENTITIES) return false;
  faults.add(
    'request',
    'too_many_items_error',
    `The problem holds ${count} entities (jobs, routes, drivers, ...); at most ${MAX_PROBLEM_ENTITIES}.`,
    {
      parameters: { maximum: MAX_PROBLEM_ENTITIES },
    },
  );
  return true;
}
