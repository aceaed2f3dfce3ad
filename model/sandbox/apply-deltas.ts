import { isJsonObject, ownValue, type JsonObject } from '../json.js';
import { applyArrayDelta } from './array-delta.js';
import { reject } from './codes.js';
import { fieldPath, itemPath, requireObject } from './delta-fields.js';
import { applyNestedDelta, deltaCollection } from './apply-nested.js';
import { applyKeyedArrayDelta } from './keyed-array-delta.js';
import { applyObjectDelta } from './object-delta.js';
import { applyRouteJobsDelta } from './route-jobs.js';
import { resolveDeltaPath, TARGET_COLLECTION } from './top-level-paths.js';

function findById(problem: JsonObject, collection: string, id: string): JsonObject | undefined {
  const members = ownValue(problem, collection);
  const found = Array.isArray(members) ? members.find((member) => isJsonObject(member) && member.id === id) : undefined;
  return isJsonObject(found) ? found : undefined;
}

/** One top-level delta, in place on the working copy. */
function applyTopLevelDelta(problem: JsonObject, delta: JsonObject, path: string): void {
  if (ownValue(delta, '$path') === undefined) {
    reject(path, 'required_property_missing_error', 'A top-level delta has a $path.', { parameters: { property_name: '$path' } });
  }
  const target = resolveDeltaPath(delta.$path, fieldPath(path, '$path'));
  const expected = TARGET_COLLECTION[target.kind];
  // A path has one kind of delta; an omitted $collection means that kind.
  const given = ownValue(delta, '$collection') === undefined ? expected : deltaCollection(delta, path);
  if (given !== expected) {
    reject(fieldPath(path, '$collection'), 'delta_collection_mismatch_error', `This $path takes a ${expected} delta.`, {
      parameters: { expected },
      attempted_value: given,
    });
  }
  const withKind = { ...delta, $collection: expected };
  switch (target.kind) {
    case 'root':
      applyObjectDelta(problem, withKind, path, applyNestedDelta);
      return;
    case 'collection': {
      const next = applyKeyedArrayDelta(ownValue(problem, target.collection), withKind, path, applyNestedDelta, true);
      if (next !== undefined) problem[target.collection] = next;
      return;
    }
    case 'route_jobs':
      applyRouteJobsDelta(problem, target.routeId, withKind, path);
      return;
    case 'schedule_jobs': {
      const schedule = findById(problem, 'schedules', target.scheduleId);
      const next = applyArrayDelta(schedule?.jobs, withKind, path, ['set']);
      if (schedule !== undefined) schedule.jobs = next;
    }
  }
}

/**
 * Applies a revision's deltas in order, in place on `problem` (a working copy the caller throws
 * away on failure). Stops at the first unusable delta with a fault at its property path.
 */
export function applyDeltas(problem: JsonObject, deltas: unknown, path: string): JsonObject {
  if (!Array.isArray(deltas)) {
    return reject(path, 'invalid_type_error', 'deltas is an array of deltas.', { parameters: { expected: ['array'] } });
  }
  deltas.forEach((value, index) => {
    const deltaPath = itemPath(path, index);
    applyTopLevelDelta(problem, requireObject(value, deltaPath), deltaPath);
  });
  return problem;
}
