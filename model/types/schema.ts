import { Type, type SchemaOptions, type TNull, type TSchema, type TString, type TUnion, type TUnsafe } from '@sinclair/typebox';

/**
 * Extensions to JSON Schema that the validator, the canonicalizer and the OpenAPI builder read.
 * They live on the schemas so that every rule about references is declared once, next to the field.
 */
export interface WayplanSchemaExtensions {
  /** The field holds an entity inline or the id of one in this top-level collection of the problem. */
  'x-reference-to'?: EntityCollection;
}

/** Top-level collections of a problem whose members are referenced by id; ids are unique across all of them. */
export const ENTITY_COLLECTIONS = [
  'markers',
  'capacity_metrics',
  'job_types',
  'depots',
  'vehicles',
  'shifts',
  'shift_patterns',
  'drivers',
  'jobs',
  'schedules',
  'zones',
  'routes',
] as const;
export type EntityCollection = (typeof ENTITY_COLLECTIONS)[number];

/** A string from a closed list, written as a JSON Schema `enum` so the OpenAPI document lists the values. */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

/**
 * A field holding an entity inline or the id of an entity of `collection`. Canonical form keeps
 * the id; the entity moves to the problem's top-level collection.
 */
export function Reference<T extends TSchema>(
  collection: EntityCollection,
  entity: T,
  idSchema: TString,
  options: SchemaOptions = {},
): TUnion<[TString, T]> {
  return Type.Union([idSchema, entity], { ...options, 'x-reference-to': collection });
}

/** A reference where `null` has a meaning of its own (a day off, a schedule ordinal not yet instantiated). */
export function NullableReference<T extends TSchema>(
  collection: EntityCollection,
  entity: T,
  idSchema: TString,
  options: SchemaOptions = {},
): TUnion<[TString, T, TNull]> {
  return Type.Union([idSchema, entity, Type.Null()], { ...options, 'x-reference-to': collection });
}

/** Output-only fields: accepted and ignored on input (full-request responses are sent back as requests). */
export function ReadOnly<T extends TSchema>(schema: T): T {
  return { ...schema, readOnly: true };
}

/** The JSON Schema keywords our schemas use, as the validator and canonicalizer read them. */
export interface SchemaNode extends WayplanSchemaExtensions {
  $id?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  properties?: Record<string, SchemaNode>;
  required?: string[];
  patternProperties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  enum?: string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  readOnly?: boolean;
}

export function schemaNode(schema: TSchema): SchemaNode {
  return schema as SchemaNode;
}

const propertyEntries = new WeakMap<SchemaNode, [string, SchemaNode][]>();

/** `Object.entries(schema.properties)`, computed once per schema: validation walks it for every object. */
export function schemaProperties(schema: SchemaNode): [string, SchemaNode][] {
  let entries = propertyEntries.get(schema);
  if (entries === undefined) {
    entries = Object.entries(schema.properties ?? {});
    propertyEntries.set(schema, entries);
  }
  return entries;
}
