import { isJsonObject, type JsonObject } from '../json.js';
import { checkDollarFields, checkTarget, cloneJson, fieldPath, optionalBoolean, setOwn } from './delta-fields.js';
import type { NestedApplier } from './nested.js';

const objectDeltaFields = ['$collection', '$path', '$create'] as const;

/**
 * object_delta: every non-`$` field is assigned into the target, which keeps the fields the delta
 * does not mention. A JSON object value is a sub-delta on that field, `null` removes the field,
 * anything else (string, number, boolean, array) replaces it. A missing target is created unless
 * `$create` is false, in which case the delta changes nothing.
 */
export function applyObjectDelta(current: unknown, delta: JsonObject, path: string, applyNested: NestedApplier): unknown {
  checkDollarFields(delta, objectDeltaFields, path);
  const create = optionalBoolean(delta, '$create', path) ?? true;
  checkTarget(current, 'object', path);
  if (!isJsonObject(current) && !create) return current;
  const target: JsonObject = isJsonObject(current) ? current : {};
  for (const [key, value] of Object.entries(delta)) {
    if (key.startsWith('$')) continue;
    if (value === null) {
      delete target[key];
    } else if (isJsonObject(value)) {
      const next = applyNested(Object.hasOwn(target, key) ? target[key] : undefined, value, fieldPath(path, key));
      if (next === undefined) delete target[key];
      else setOwn(target, key, next);
    } else {
      setOwn(target, key, cloneJson(value));
    }
  }
  return target;
}
