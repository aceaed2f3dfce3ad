import { canonicalize } from '../canonical.js';
import { isJsonObject, ownValue, type JsonObject } from '../json.js';
import type { Problem } from '../types/problem.js';
import type { ValidationFault } from '../validation/faults.js';
import { canonicalizeAndValidate, validateRequest, validateThenCanonicalize } from '../validation/validate.js';
import { applyDeltas } from './apply-deltas.js';
import { reject, RevisionRejectedError, type SandboxFault } from './codes.js';
import { cloneJson, fieldPath, itemPath } from './delta-fields.js';
import { MAX_REVISION } from './revision-number.js';

export const REVISION_KINDS = ['snapshot', 'deltas', 'undo_redo'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** A revision as stored and listed: exactly one of the three fields. */
export type RevisionBody = { snapshot: Problem } | { deltas: unknown[] } | { undo_redo_to_revision: number };

export type ParsedRevision =
  { kind: 'snapshot'; snapshot: unknown } | { kind: 'deltas'; deltas: unknown[] } | { kind: 'undo_redo'; target: number };

const revisionFields = ['snapshot', 'deltas', 'undo_redo_to_revision'] as const;

/** Checks a revision's shape: exactly one of snapshot, deltas, undo_redo_to_revision. */
export function parseRevision(body: unknown): ParsedRevision {
  if (!isJsonObject(body))
    return reject('request', 'invalid_type_error', 'A revision is a JSON object.', { parameters: { expected: ['object'] } });
  const present = revisionFields.filter((field) => ownValue(body, field) !== undefined);
  if (present.length !== 1) {
    reject(
      'request',
      present.length === 0 ? 'required_property_missing_error' : 'mutually_exclusive_properties_error',
      'A revision has exactly one of snapshot, deltas, undo_redo_to_revision.',
      {
        parameters: { property_names: present.length === 0 ? [...revisionFields] : present },
      },
    );
  }
  const snapshot = ownValue(body, 'snapshot');
  if (snapshot !== undefined) return { kind: 'snapshot', snapshot };
  const deltas = ownValue(body, 'deltas');
  if (deltas !== undefined) {
    if (!Array.isArray(deltas))
      reject('request.deltas', 'invalid_type_error', 'deltas is an array of deltas.', { parameters: { expected: ['array'] } });
    return { kind: 'deltas', deltas };
  }
  const target = ownValue(body, 'undo_redo_to_revision');
  if (typeof target !== 'number' || !Number.isInteger(target) || target < 0 || target > MAX_REVISION) {
    reject(
      'request.undo_redo_to_revision',
      'value_out_of_range_error',
      `undo_redo_to_revision is a revision number (an integer from 0 to ${MAX_REVISION}).`,
      {
        parameters: { minimum: 0, maximum: MAX_REVISION },
        attempted_value: target,
      },
    );
  }
  return { kind: 'undo_redo', target };
}

function under(fault: ValidationFault, prefix: string): SandboxFault {
  return { ...fault, property: prefix + fault.property.slice('request'.length) };
}

/**
 * The canonical form of a problem given whole (create, update, snapshot revision), or its
 * validation faults under `property`. Sandboxes may hold unfinished problems: only structure and
 * references are checked, as for canonicalize.
 */
export function snapshotState(problem: unknown, property = 'request'): Problem {
  const checked = validateThenCanonicalize(problem);
  if ('faults' in checked) throw new RevisionRejectedError(checked.faults.map((fault) => under(fault, property)));
  return checked.canonical as Problem;
}

/**
 * Deltas applied to a copy of a canonical state, canonicalized: how replay computes a deltas revision;
 * applyDeltasRevision computes the same state on write.
 */
export function stateAfterDeltas(state: Problem, deltas: unknown[], path = 'request.deltas'): Problem {
  return canonicalize(applyDeltas(cloneJson(state) as JsonObject, deltas, path) as Problem);
}

function faultKey(fault: ValidationFault): string {
  return `${fault.code}\u0000${fault.property}\u0000${fault.message}`;
}

/**
 * The state after a deltas revision on the latest state as stored (JSON text). Its parse is a
 * copy nothing else holds, so the deltas apply to it in place. All or nothing: an unusable delta,
 * or a result with a fault the previous state did not have, rejects the revision. The fault is
 * pinned to a delta by halving: the first k deltas are fine and the first k+1 are not, so delta k
 * introduced it.
 */
export function applyDeltasRevision(stored: string, deltas: unknown[]): Problem {
  const applied = applyDeltas(JSON.parse(stored) as JsonObject, deltas, 'request.deltas');
  const { canonical, faults: all } = canonicalizeAndValidate(applied);
  const result = canonical as Problem;
  if (all.length === 0) return result;
  // A state stored under older rules may already have faults; only new ones are the revision's doing.
  const state = JSON.parse(stored) as Problem;
  const known = new Set(validateRequest(state, 'canonicalize').map(faultKey));
  const newFaults = (candidate: Problem): ValidationFault[] =>
    validateRequest(candidate, 'canonicalize').filter((fault) => !known.has(faultKey(fault)));
  let faults = all.filter((fault) => !known.has(faultKey(fault)));
  if (faults.length === 0) return result;
  let fine = 0;
  let broken = deltas.length;
  while (broken - fine > 1) {
    const middle = (fine + broken) >> 1;
    const middleFaults = newFaults(stateAfterDeltas(state, deltas.slice(0, middle)));
    if (middleFaults.length === 0) fine = middle;
    else {
      broken = middle;
      faults = middleFaults;
    }
  }
  const culprit = itemPath('request.deltas', broken - 1);
  throw new RevisionRejectedError(
    faults.map((fault) => ({
      ...fault,
      property: culprit,
      message: `After this delta, ${fault.property}: ${fault.message}`,
      parameters: { ...fault.parameters, problem_property: fault.property },
    })),
  );
}

/** An undo/redo revision restores an earlier snapshot or deltas revision, never another undo/redo. */
export function checkUndoTarget(target: number, targetKind: RevisionKind | undefined): void {
  const property = fieldPath('request', 'undo_redo_to_revision');
  if (targetKind === undefined)
    reject(property, 'revision_not_found_error', `The sandbox has no revision ${target}.`, { attempted_value: target });
  if (targetKind === 'undo_redo') {
    reject(property, 'undo_redo_target_error', `Revision ${target} is itself an undo/redo revision; name the revision it restored.`, {
      attempted_value: target,
    });
  }
}
