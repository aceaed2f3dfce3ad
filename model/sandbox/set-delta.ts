import type { JsonObject } from '../json.js';
import { checkFields, checkTarget, optionalStringArray } from './delta-fields.js';

const setDeltaFields = ['$collection', '$path', '$default', 'remove', 'add'] as const;

/**
 * set_delta on an unordered array of unique strings: remove → add (values already there are not
 * added twice). An absent or null target starts from `$default` (default []), which is how a
 * client removes one weekday from an allowed_days_of_week that was null (all days).
 */
export function applySetDelta(current: unknown, delta: JsonObject, path: string): string[] {
  checkFields(delta, setDeltaFields, path);
  const start = optionalStringArray(delta, '$default', path) ?? [];
  const remove = new Set(optionalStringArray(delta, 'remove', path) ?? []);
  const add = optionalStringArray(delta, 'add', path) ?? [];
  checkTarget(current, 'array', path);
  const members = Array.isArray(current) ? current : [...start];
  const result = members.filter((member) => !remove.has(member as string));
  for (const value of add) if (!result.includes(value)) result.push(value);
  return result as string[];
}
