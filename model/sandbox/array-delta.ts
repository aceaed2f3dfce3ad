import { isJsonObject, jsonEqual, ownValue, type JsonObject } from '../json.js';
import { reject } from './codes.js';
import { checkFields, checkTarget, cloneJson, fieldPath, itemPath, optionalArray, presentFields, requireObject } from './delta-fields.js';

const arrayDeltaFields = ['$collection', '$path', 'replace', 'insert', 'index', 'remove', 'set'] as const;
export const ARRAY_OPERATIONS = ['replace', 'insert', 'set', 'remove'] as const;
export type ArrayOperation = (typeof ARRAY_OPERATIONS)[number];
/**
 * A `set` past the end pads with null, so its index alone decides how much work and memory a tiny
 * delta costs: indexes stay below this (more than any array of a problem holds).
 */
export const MAX_SET_INDEX = 99_999;

/**
 * A remove selector matches an element equal to it, an object element with that `id`, or (an
 * object selector) an element having all of its fields; `{"id": "job1"}` also matches the id string
 * a canonical route.jobs holds.
 */
export function matchesSelector(element: unknown, selector: unknown): boolean {
  if (isJsonObject(selector)) {
    if (isJsonObject(element)) return Object.entries(selector).every(([key, value]) => jsonEqual(ownValue(element, key), value));
    const keys = Object.keys(selector);
    return keys.length === 1 && keys[0] === 'id' && element === selector.id;
  }
  return jsonEqual(element, selector) || (isJsonObject(element) && ownValue(element, 'id') === selector);
}

/** The one operation of an array delta; which ones a target allows is the caller's rule. */
export function arrayOperation(delta: JsonObject, path: string, allowed: readonly ArrayOperation[] = ARRAY_OPERATIONS): ArrayOperation {
  checkFields(delta, arrayDeltaFields, path);
  const present = presentFields(delta, ARRAY_OPERATIONS) as ArrayOperation[];
  if (present.length !== 1) {
    reject(
      path,
      present.length === 0 ? 'required_property_missing_error' : 'mutually_exclusive_properties_error',
      'An array delta has exactly one of replace, insert, set, remove.',
      {
        parameters: { property_names: present.length === 0 ? [...ARRAY_OPERATIONS] : present },
      },
    );
  }
  const operation = present[0]!;
  if (!allowed.includes(operation)) {
    reject(fieldPath(path, operation), 'delta_operation_not_allowed_error', `This array takes only ${allowed.join(', ')}.`, {
      parameters: { allowed: [...allowed] },
    });
  }
  if (ownValue(delta, 'index') !== undefined && operation !== 'insert') {
    reject(fieldPath(path, 'index'), 'delta_operation_not_allowed_error', 'index goes with insert only.');
  }
  return operation;
}

function insertIndex(delta: JsonObject, length: number, path: string): number {
  const index = ownValue(delta, 'index');
  if (index === undefined) return length;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
    reject(fieldPath(path, 'index'), 'value_out_of_range_error', 'index is an integer of at least 0.', {
      parameters: { minimum: 0 },
      attempted_value: index,
    });
  }
  // Another writer may have shortened the array since the client looked: insert at the end then.
  return Math.min(index, length);
}

/** The setters' `{index, value}` pairs, every one checked before any is applied. */
function checkedSetters(setters: unknown[], path: string): { index: number; value: unknown }[] {
  return setters.map((value, position) => {
    const setterPath = itemPath(path, position);
    const setter = requireObject(value, setterPath);
    const index = ownValue(setter, 'index');
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > MAX_SET_INDEX) {
      reject(
        fieldPath(setterPath, 'index'),
        index === undefined ? 'required_property_missing_error' : 'value_out_of_range_error',
        `Each setter has an integer index from 0 to ${MAX_SET_INDEX}.`,
        {
          parameters: { property_name: 'index', minimum: 0, maximum: MAX_SET_INDEX },
          attempted_value: index,
        },
      );
    }
    if (!Object.hasOwn(setter, 'value')) {
      reject(setterPath, 'required_property_missing_error', 'Each setter has a value.', { parameters: { property_name: 'value' } });
    }
    return { index, value: setter.value };
  });
}

function applySetters(elements: unknown[], setters: unknown[], path: string): void {
  for (const { index, value } of checkedSetters(setters, path)) {
    while (elements.length < index) elements.push(null);
    elements[index] = cloneJson(value);
  }
}

/**
 * array_delta: exactly one of replace (the whole array), insert (at index, default the end),
 * remove (the elements matching selectors) and set (`{index, value}` setters, index at most
 * MAX_SET_INDEX; past the end the array is padded with null). A missing array is created.
 */
export function applyArrayDelta(current: unknown, delta: JsonObject, path: string, allowed?: readonly ArrayOperation[]): unknown[] {
  const operation = arrayOperation(delta, path, allowed);
  checkTarget(current, 'array', path);
  const elements: unknown[] = Array.isArray(current) ? current : [];
  const values = optionalArray(delta, operation, path)!;
  switch (operation) {
    case 'replace':
      return cloneJson(values);
    case 'insert':
      elements.splice(insertIndex(delta, elements.length, path), 0, ...cloneJson(values));
      return elements;
    case 'remove':
      return elements.filter((element) => !values.some((selector) => matchesSelector(element, selector)));
    case 'set':
      applySetters(elements, values, fieldPath(path, 'set'));
      return elements;
  }
}
