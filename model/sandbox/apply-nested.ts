import { ownValue, type JsonObject } from '../json.js';
import { applyArrayDelta } from './array-delta.js';
import { reject } from './codes.js';
import { fieldPath } from './delta-fields.js';
import { applyDictDelta } from './dict-delta.js';
import { applyKeyedArrayDelta } from './keyed-array-delta.js';
import { DELTA_COLLECTIONS, type DeltaCollection } from './nested.js';
import { applyObjectDelta } from './object-delta.js';
import { applySetDelta } from './set-delta.js';

export function deltaCollection(delta: JsonObject, path: string): DeltaCollection {
  const collection = ownValue(delta, '$collection') ?? 'object';
  if (!DELTA_COLLECTIONS.includes(collection as DeltaCollection)) {
    reject(fieldPath(path, '$collection'), 'invalid_enum_value_error', `$collection is one of ${DELTA_COLLECTIONS.join(', ')}.`, {
      parameters: { allowed: [...DELTA_COLLECTIONS] },
      attempted_value: collection,
    });
  }
  return collection as DeltaCollection;
}

/** A sub-delta: the field it sits under is its target, so it has no `$path`; `$collection` picks the kind. */
export function applyNestedDelta(current: unknown, delta: JsonObject, path: string): unknown {
  if (ownValue(delta, '$path') !== undefined) {
    reject(
      fieldPath(path, '$path'),
      'delta_path_not_allowed_error',
      'Only top-level deltas have a $path; a sub-delta edits the field it sits under.',
    );
  }
  switch (deltaCollection(delta, path)) {
    case 'object':
      return applyObjectDelta(current, delta, path, applyNestedDelta);
    case 'keyed_array':
      return applyKeyedArrayDelta(current, delta, path, applyNestedDelta, false);
    case 'array':
      return applyArrayDelta(current, delta, path);
    case 'dict':
      return applyDictDelta(current, delta, path);
    case 'set':
      return applySetDelta(current, delta, path);
  }
}
