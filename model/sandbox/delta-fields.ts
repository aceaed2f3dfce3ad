import { isJsonObject, jsonTypeOf, ownValue, type JsonObject } from '../json.js';
import { reject } from './codes.js';

/** `request.deltas[0].assign[1].$create`: like validation paths, but `$` fields read as plain names. */
export function fieldPath(parent: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

export function itemPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

/** Sets an own data property, so a `__proto__` key from JSON stays data instead of changing the prototype. */
export function setOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}

/** Delta-level fields start with `$`; any other `$` field is a mistake rather than data. */
export function checkDollarFields(delta: JsonObject, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(delta)) {
    if (key.startsWith('$') && !allowed.includes(key)) {
      reject(fieldPath(path, key), 'unknown_delta_field_error', `"${key}" is not a field of this delta.`, {
        parameters: { property_name: key },
      });
    }
  }
}

/** Kinds with a fixed set of operations (all but object) refuse any other field. */
export function checkFields(delta: JsonObject, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(delta)) {
    if (!allowed.includes(key)) {
      reject(fieldPath(path, key), 'unknown_delta_field_error', `"${key}" is not a field of a ${String(delta.$collection)} delta.`, {
        parameters: { property_name: key, allowed: [...allowed] },
      });
    }
  }
}

function wrongType(path: string, expected: string, value: unknown): never {
  return reject(path, 'invalid_type_error', `Expected ${expected}, got ${jsonTypeOf(value) ?? 'an invalid value'}.`, {
    parameters: { expected: [expected] },
    attempted_value: value,
  });
}

export function optionalBoolean(delta: JsonObject, key: string, path: string): boolean | undefined {
  const value = ownValue(delta, key);
  if (value === undefined || typeof value === 'boolean') return value;
  return wrongType(fieldPath(path, key), 'boolean', value);
}

export function optionalString(delta: JsonObject, key: string, path: string): string | undefined {
  const value = ownValue(delta, key);
  if (value === undefined || typeof value === 'string') return value;
  return wrongType(fieldPath(path, key), 'string', value);
}

export function optionalArray(delta: JsonObject, key: string, path: string): unknown[] | undefined {
  const value = ownValue(delta, key);
  if (value === undefined || Array.isArray(value)) return value;
  return wrongType(fieldPath(path, key), 'array', value);
}

export function optionalStringArray(delta: JsonObject, key: string, path: string): string[] | undefined {
  const values = optionalArray(delta, key, path);
  values?.forEach((value, index) => {
    if (typeof value !== 'string') wrongType(itemPath(fieldPath(path, key), index), 'string', value);
  });
  return values as string[] | undefined;
}

export function optionalObject(delta: JsonObject, key: string, path: string): JsonObject | undefined {
  const value = ownValue(delta, key);
  if (value === undefined || isJsonObject(value)) return value;
  return wrongType(fieldPath(path, key), 'object', value);
}

export function requireObject(value: unknown, path: string): JsonObject {
  return isJsonObject(value) ? value : wrongType(path, 'object', value);
}

/** The operations of `names` present in a delta, for the "exactly one of" rules. */
export function presentFields(delta: JsonObject, names: readonly string[]): string[] {
  return names.filter((name) => ownValue(delta, name) !== undefined);
}

/** The value a delta edits must be absent (null counts as absent) or of the kind's type. */
export function checkTarget(current: unknown, expected: 'object' | 'array', path: string): void {
  if (current === undefined || current === null) return;
  if (expected === 'object' ? isJsonObject(current) : Array.isArray(current)) return;
  reject(
    path,
    'delta_target_type_error',
    `This delta edits a${expected === 'array' ? 'n array' : 'n object'}, but the value there is ${jsonTypeOf(current) ?? 'invalid'}.`,
    {
      parameters: { expected },
    },
  );
}
