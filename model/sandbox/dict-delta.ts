import type { JsonObject } from '../json.js';
import { reject } from './codes.js';
import { checkFields, checkTarget, cloneJson, fieldPath, optionalObject, optionalStringArray, setOwn } from './delta-fields.js';

const dictDeltaFields = ['$collection', '$path', 'unassign', 'move', 'assign'] as const;

/**
 * dict_delta on a free-keyed object such as `custom`: unassign (delete keys) → move (`{from: to}`
 * renames) → assign (`{key: value}`, null deletes). A missing dict is created.
 */
export function applyDictDelta(current: unknown, delta: JsonObject, path: string): JsonObject {
  checkFields(delta, dictDeltaFields, path);
  const unassign = optionalStringArray(delta, 'unassign', path) ?? [];
  const move = optionalObject(delta, 'move', path) ?? {};
  const assign = optionalObject(delta, 'assign', path) ?? {};
  for (const [from, to] of Object.entries(move)) {
    if (typeof to !== 'string') {
      reject(fieldPath(fieldPath(path, 'move'), from), 'invalid_type_error', 'move maps old keys to new keys (strings).', {
        parameters: { expected: ['string'] },
        attempted_value: to,
      });
    }
  }
  checkTarget(current, 'object', path);
  const dict = (current ?? {}) as JsonObject;
  for (const key of unassign) delete dict[key];
  for (const [from, to] of Object.entries(move as Record<string, string>)) {
    if (!Object.hasOwn(dict, from)) continue;
    const value = dict[from];
    delete dict[from];
    setOwn(dict, to, value);
  }
  for (const [key, value] of Object.entries(assign)) {
    if (value === null) delete dict[key];
    else setOwn(dict, key, cloneJson(value));
  }
  return dict;
}
