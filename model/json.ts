export type JsonObject = Record<string, unknown>;

export type JsonTypeName = 'null' | 'string' | 'number' | 'boolean' | 'array' | 'object';

/** The JSON type of a value, or undefined for values JSON cannot carry (undefined, NaN, functions, ...). */
export function jsonTypeOf(value: unknown): JsonTypeName | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isFinite(value) ? 'number' : undefined;
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function ownValue(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

// Deeper than any schema goes; past it values are reported unequal rather than risking the stack.
const MAX_COMPARE_DEPTH = 64;

export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > MAX_COMPARE_DEPTH || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index], depth + 1));
  }
  const aKeys = Object.keys(a);
  const bObject = b as JsonObject;
  if (aKeys.length !== Object.keys(bObject).length) return false;
  return aKeys.every((key) => Object.hasOwn(bObject, key) && jsonEqual((a as JsonObject)[key], bObject[key], depth + 1));
}
