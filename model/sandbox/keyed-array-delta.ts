import { isJsonObject, ownValue, type JsonObject } from '../json.js';
import { reject } from './codes.js';
import {
  checkFields,
  checkTarget,
  fieldPath,
  itemPath,
  optionalArray,
  optionalBoolean,
  optionalString,
  optionalStringArray,
  presentFields,
  requireObject,
} from './delta-fields.js';
import { applyObjectDelta } from './object-delta.js';
import type { NestedApplier } from './nested.js';

const keyedArrayDeltaFields = ['$collection', '$path', '$create', 'key', 'unassign', 'assign', 'assign_template', 'ids'] as const;
const operations = ['unassign', 'assign', 'assign_template'] as const;

interface KeyedEdit {
  key: string;
  create: boolean;
  unassign: string[] | undefined;
  assign: unknown[] | undefined;
  template: JsonObject | undefined;
  ids: string[];
}

/** Reads the delta's operations, accepting `ids` with `assign` written as one object (the documented examples do). */
function readEdit(delta: JsonObject, path: string, topLevel: boolean): KeyedEdit {
  checkFields(delta, keyedArrayDeltaFields, path);
  const assignValue = ownValue(delta, 'assign');
  const assignIsTemplate = isJsonObject(assignValue) && ownValue(delta, 'ids') !== undefined;
  if (assignIsTemplate && ownValue(delta, 'assign_template') !== undefined) {
    reject(path, 'mutually_exclusive_properties_error', 'assign given as one object with ids is an assign_template; the delta has both.', {
      parameters: { property_names: ['assign', 'assign_template'] },
    });
  }
  const present = presentFields(delta, operations);
  if (topLevel && present.length !== 1) {
    reject(
      path,
      'delta_operation_not_allowed_error',
      `A top-level collection delta does exactly one of unassign, assign, assign_template; this one has ${present.length === 0 ? 'none' : present.join(', ')}.`,
      {
        parameters: { property_names: present },
      },
    );
  }
  const template = assignIsTemplate ? requireObject(assignValue, fieldPath(path, 'assign')) : optionalObjectTemplate(delta, path);
  const ids = optionalStringArray(delta, 'ids', path);
  if (ids !== undefined && template === undefined) {
    reject(
      fieldPath(path, 'ids'),
      'required_property_missing_error',
      'ids names the elements an assign_template applies to; the delta has no assign_template.',
      {
        parameters: { property_name: 'assign_template' },
      },
    );
  }
  if (template !== undefined && ids === undefined) {
    reject(path, 'required_property_missing_error', 'assign_template applies to the elements named in ids; the delta has no ids.', {
      parameters: { property_name: 'ids' },
    });
  }
  return {
    key: optionalString(delta, 'key', path) ?? 'id',
    create: optionalBoolean(delta, '$create', path) ?? true,
    unassign: optionalStringArray(delta, 'unassign', path),
    assign: assignIsTemplate ? undefined : optionalArray(delta, 'assign', path),
    template,
    ids: ids ?? [],
  };
}

function optionalObjectTemplate(delta: JsonObject, path: string): JsonObject | undefined {
  const value = ownValue(delta, 'assign_template');
  return value === undefined ? undefined : requireObject(value, fieldPath(path, 'assign_template'));
}

function keyOf(element: unknown, key: string): unknown {
  return isJsonObject(element) ? ownValue(element, key) : undefined;
}

/** An element's delta is an object delta; it may not pick another kind or a `$path`. */
function elementDelta(value: unknown, path: string): JsonObject {
  const delta = requireObject(value, path);
  const collection = ownValue(delta, '$collection');
  if (collection !== undefined && collection !== 'object') {
    reject(
      fieldPath(path, '$collection'),
      'delta_collection_mismatch_error',
      'The elements of a keyed array are edited with object deltas.',
      {
        parameters: { expected: 'object' },
        attempted_value: collection,
      },
    );
  }
  if (ownValue(delta, '$path') !== undefined) {
    reject(fieldPath(path, '$path'), 'delta_path_not_allowed_error', 'Only top-level deltas have a $path.');
  }
  return delta;
}

/** Applies an object delta to the element with this key, creating it first when allowed. */
function upsert(
  elements: unknown[],
  edit: KeyedEdit,
  keyValue: string,
  delta: JsonObject,
  create: boolean,
  path: string,
  applyNested: NestedApplier,
): void {
  const index = elements.findIndex((element) => keyOf(element, edit.key) === keyValue);
  if (index >= 0) {
    elements[index] = applyObjectDelta(elements[index], delta, path, applyNested);
  } else if (create) {
    elements.push(applyObjectDelta({ [edit.key]: keyValue }, delta, path, applyNested));
  }
}

/**
 * keyed_array_delta: edits an array of objects identified by `key` (default "id"), in the order
 * unassign → assign → assign_template. On the top-level collections exactly one of the three is
 * allowed, so creating, updating and deleting stay separate revisions' steps.
 */
export function applyKeyedArrayDelta(
  current: unknown,
  delta: JsonObject,
  path: string,
  applyNested: NestedApplier,
  topLevel: boolean,
): unknown {
  const edit = readEdit(delta, path, topLevel);
  checkTarget(current, 'array', path);
  const elements: unknown[] = Array.isArray(current) ? current : [];
  const removed = new Set(edit.unassign ?? []);
  const kept = removed.size === 0 ? elements : elements.filter((element) => !removed.has(keyOf(element, edit.key) as string));
  const assignPath = fieldPath(path, 'assign');
  edit.assign?.forEach((value, index) => {
    const elementPath = itemPath(assignPath, index);
    const elementEdit = elementDelta(value, elementPath);
    const keyValue = ownValue(elementEdit, edit.key);
    if (typeof keyValue !== 'string') {
      reject(elementPath, 'required_property_missing_error', `Each assign entry names its element by "${edit.key}" (a string).`, {
        parameters: { property_name: edit.key },
      });
    }
    const create = optionalBoolean(elementEdit, '$create', elementPath) ?? edit.create;
    upsert(kept, edit, keyValue, elementEdit, create, elementPath, applyNested);
  });
  if (edit.template !== undefined) {
    const templatePath = fieldPath(path, ownValue(delta, 'assign_template') === undefined ? 'assign' : 'assign_template');
    const template = elementDelta(edit.template, templatePath);
    if (ownValue(template, edit.key) !== undefined) {
      reject(
        fieldPath(templatePath, edit.key),
        'delta_operation_not_allowed_error',
        `A template applies to every element of ids and cannot set their "${edit.key}".`,
      );
    }
    for (const id of edit.ids) upsert(kept, edit, id, template, edit.create, templatePath, applyNested);
  }
  return current === undefined || current === null ? (kept.length === 0 ? current : kept) : kept;
}
