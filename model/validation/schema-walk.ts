import { ANONYMOUS_REFERENCE, branchFor } from '../canonical.js';
import { parseDate, parseDatetime } from '../formats/date.js';
import { parseTimespan } from '../formats/timespan.js';
import { isJsonObject, jsonTypeOf, ownValue } from '../json.js';
import { parseLatLonDetailed } from '../latlon.js';
import { schemaProperties, type EntityCollection, type SchemaNode } from '../types/schema.js';
import type { ValidationCode } from './codes.js';
import { indexPath, propertyPath, type FaultCollector } from './faults.js';

export interface WalkContext {
  faults: FaultCollector;
  /** Entity ids by collection; undefined for bodies that are not problems (no references to check). */
  ids: Map<string, EntityCollection> | undefined;
}

function typeName(schema: SchemaNode): string {
  return schema.type ?? (schema.enum !== undefined ? 'string' : 'any');
}

function isNullable(schema: SchemaNode): boolean {
  return schema.type === 'null' || schema.anyOf?.some((branch) => branch.type === 'null') === true;
}

export function walk(schema: SchemaNode, value: unknown, path: string, context: WalkContext): void {
  if (context.faults.full || value === ANONYMOUS_REFERENCE || schema.readOnly === true) return;
  if (value === null) {
    if (!isNullable(schema)) context.faults.add(path, 'null_value_error', `${path} must not be null.`);
    return;
  }
  if (schema.anyOf !== undefined) {
    walkUnion(schema, value, path, context);
    return;
  }
  if (schema.enum !== undefined) {
    walkEnum(schema.enum, value, path, context);
    return;
  }
  switch (schema.type) {
    case 'string':
      walkString(schema, value, path, context);
      return;
    case 'number':
    case 'integer':
      walkNumber(schema, value, path, context);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') invalidType(['boolean'], value, path, context);
      return;
    case 'array':
      walkArray(schema, value, path, context);
      return;
    case 'object':
      walkObject(schema, value, path, context);
      return;
    default:
      // An unconstrained schema (Type.Unknown) still refuses values JSON cannot carry.
      if (jsonTypeOf(value) === undefined) invalidType(['any JSON value'], value, path, context);
  }
}

function invalidType(expected: string[], value: unknown, path: string, context: WalkContext): void {
  const actual = jsonTypeOf(value) ?? typeof value;
  context.faults.add(path, 'invalid_type_error', `${path} must be ${expected.join(' or ')}, not ${actual}.`, {
    parameters: { expected },
    attempted_value: value,
  });
}

function walkUnion(schema: SchemaNode, value: unknown, path: string, context: WalkContext): void {
  const branch = branchFor(schema, value);
  if (branch === undefined) {
    const expected = schema.anyOf!.filter((option) => option.type !== 'null').map(typeName);
    invalidType([...new Set(expected)], value, path, context);
    return;
  }
  walk(branch, value, path, context);
  const collection = schema['x-reference-to'];
  if (collection !== undefined && typeof value === 'string' && value.length > 0) {
    checkReference(collection, value, path, context);
  }
}

function checkReference(collection: EntityCollection, id: string, path: string, context: WalkContext): void {
  // Metric names need no declaration: a load_amount may name any metric.
  if (context.ids === undefined || collection === 'capacity_metrics') return;
  if (collection === 'markers') {
    const parsed = parseLatLonDetailed(id);
    if (parsed.ok) return;
    if (parsed.fault === 'range') {
      context.faults.add(path, 'invalid_latlon_error', `${path} is a latlon out of range.`, { attempted_value: id });
      return;
    }
  }
  if (context.ids.get(id) !== collection) {
    context.faults.add(path, 'reference_not_found_error', `${path} names ${collection} id "${id}", which does not exist.`, {
      parameters: { id, collection },
      attempted_value: id,
    });
  }
}

function walkEnum(allowed: string[], value: unknown, path: string, context: WalkContext): void {
  if (typeof value !== 'string') {
    invalidType(['string'], value, path, context);
  } else if (!allowed.includes(value)) {
    context.faults.add(path, 'invalid_enum_value_error', `${path} must be one of ${allowed.join(', ')}.`, {
      parameters: { allowed },
      attempted_value: value,
    });
  }
}

const FORMATS: Record<string, { code: ValidationCode; expected: string }> = {
  timespan: { code: 'invalid_timespan_error', expected: 'a timespan [-][d.]hh:mm[:ss[.fff]]' },
  date: { code: 'invalid_date_error', expected: 'a date YYYY-MM-DD' },
  datetime: { code: 'invalid_datetime_error', expected: 'a datetime YYYY-MM-DDTHH:MM:SS' },
  latlon: { code: 'invalid_latlon_error', expected: 'a "lat, lon" string within range' },
};

function walkString(schema: SchemaNode, value: unknown, path: string, context: WalkContext): void {
  if (typeof value !== 'string') {
    invalidType(['string'], value, path, context);
    return;
  }
  if (schema.minLength !== undefined && value.length < schema.minLength) {
    context.faults.add(path, 'empty_string_error', `${path} must not be empty.`);
    return;
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    context.faults.add(path, 'string_too_long_error', `${path} has at most ${schema.maxLength} characters.`, {
      parameters: { maximum: schema.maxLength },
    });
    return;
  }
  const format = schema.format === undefined ? undefined : FORMATS[schema.format];
  if (format === undefined) return;
  if (schema.format === 'timespan') {
    const seconds = parseTimespan(value);
    if (seconds !== undefined && seconds < 0) {
      context.faults.add(path, 'value_out_of_range_error', `${path} must not be negative.`, {
        parameters: { minimum: '00:00:00' },
        attempted_value: value,
      });
      return;
    }
    if (seconds !== undefined) return;
  } else if (isValidFormat(schema.format!, value)) {
    return;
  }
  context.faults.add(path, format.code, `${path} must be ${format.expected}.`, { attempted_value: value });
}

function isValidFormat(format: string, value: string): boolean {
  switch (format) {
    case 'date':
      return parseDate(value) !== undefined;
    case 'datetime':
      return parseDatetime(value) !== undefined;
    default:
      return parseLatLonDetailed(value).ok;
  }
}

function walkNumber(schema: SchemaNode, value: unknown, path: string, context: WalkContext): void {
  if (jsonTypeOf(value) !== 'number' || (schema.type === 'integer' && !Number.isInteger(value))) {
    invalidType([schema.type!], value, path, context);
    return;
  }
  const number = value as number;
  const tooLow =
    (schema.minimum !== undefined && number < schema.minimum) ||
    (schema.exclusiveMinimum !== undefined && number <= schema.exclusiveMinimum);
  const tooHigh =
    (schema.maximum !== undefined && number > schema.maximum) ||
    (schema.exclusiveMaximum !== undefined && number >= schema.exclusiveMaximum);
  if (!tooLow && !tooHigh) return;
  const parameters: Record<string, number> = {};
  if (schema.minimum !== undefined) parameters.minimum = schema.minimum;
  if (schema.exclusiveMinimum !== undefined) parameters.exclusive_minimum = schema.exclusiveMinimum;
  if (schema.maximum !== undefined) parameters.maximum = schema.maximum;
  if (schema.exclusiveMaximum !== undefined) parameters.exclusive_maximum = schema.exclusiveMaximum;
  context.faults.add(path, 'value_out_of_range_error', `${path} is out of range.`, { parameters, attempted_value: number });
}

function walkArray(schema: SchemaNode, value: unknown, path: string, context: WalkContext): void {
  if (!Array.isArray(value)) {
    invalidType(['array'], value, path, context);
    return;
  }
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    context.faults.add(path, 'too_few_items_error', `${path} needs at least ${schema.minItems} items.`, {
      parameters: { minimum: schema.minItems },
    });
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    context.faults.add(path, 'too_many_items_error', `${path} allows at most ${schema.maxItems} items.`, {
      parameters: { maximum: schema.maxItems },
    });
  }
  const items = schema.items;
  if (items === undefined) return;
  for (let index = 0; index < value.length && !context.faults.full; index++) {
    const item: unknown = value[index];
    // A hole or undefined inside an array is not JSON; outside arrays undefined means "absent".
    if (item === undefined) invalidType([typeName(items)], item, indexPath(path, index), context);
    else walk(items, item, indexPath(path, index), context);
  }
}

function walkObject(schema: SchemaNode, value: unknown, path: string, context: WalkContext): void {
  if (!isJsonObject(value)) {
    invalidType(['object'], value, path, context);
    return;
  }
  const pattern = schema.patternProperties;
  if (pattern !== undefined) {
    const valueSchema = Object.values(pattern)[0]!;
    for (const [key, entry] of Object.entries(value)) {
      if (context.faults.full) return;
      if (entry !== undefined) walk(valueSchema, entry, propertyPath(path, key), context);
    }
    return;
  }
  for (const key of schema.required ?? []) {
    if (ownValue(value, key) === undefined) {
      context.faults.add(propertyPath(path, key), 'required_property_missing_error', `${propertyPath(path, key)} is required.`, {
        parameters: { property_name: key },
      });
    }
  }
  for (const [key, propertySchema] of schemaProperties(schema)) {
    if (context.faults.full) return;
    const property = Object.hasOwn(value, key) ? value[key] : undefined;
    if (property !== undefined) walk(propertySchema, property, propertyPath(path, key), context);
  }
}
