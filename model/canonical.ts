import { formatDate, parseDate } from './formats/date.js';
import { formatTimespan, parseTimespan } from './formats/timespan.js';
import { isJsonObject, jsonEqual, jsonTypeOf, ownValue, type JsonObject } from './json.js';
import { OPERATIONS, type OperationName } from './operations.js';
import { parseLatLon } from './latlon.js';
import { ENTITY_COLLECTIONS, schemaNode, schemaProperties, type EntityCollection, type SchemaNode } from './types/schema.js';

/**
 * Stands in for a reference to an entity that had no usable id: validation moves such entities to
 * their collection anyway (so faults are numbered as in canonical form) and skips this placeholder.
 */
export const ANONYMOUS_REFERENCE: unique symbol = Symbol('anonymous reference');

interface CanonicalizeState {
  /** Validation mode: move id-less inline entities too, leaving ANONYMOUS_REFERENCE behind. */
  extractAnonymous: boolean;
  /** Collections that can receive inline entities: absent or an array in the input. */
  usable: Set<EntityCollection>;
  /** Inline entities in discovery order, appended after the top-level members. */
  extracted: Map<EntityCollection, JsonObject[]>;
  /** Set when an id-less inline entity was moved: the only step where the two modes differ. */
  movedAnonymous: boolean;
  /** Objects already in canonical form where they stand: kept as they are, not walked. */
  kept: ReadonlySet<unknown>;
}

function hasUsableId(entity: JsonObject): entity is JsonObject & { id: string } {
  const id = ownValue(entity, 'id');
  return typeof id === 'string' && id.length > 0;
}

/** The anyOf branch a value of this JSON type belongs to (schemas never offer two branches of one type). */
export function branchFor(schema: SchemaNode, value: unknown): SchemaNode | undefined {
  const type = jsonTypeOf(value);
  return schema.anyOf?.find((branch) => {
    if (branch.type === type) return true;
    if (type === 'number') return branch.type === 'integer';
    return type === 'string' && branch.enum !== undefined;
  });
}

function entityBranch(schema: SchemaNode): SchemaNode {
  return schema.anyOf!.find((branch) => branch.type === 'object')!;
}

/** `"39.6, -105.0"` → `"39.6,-105.0"`: the printed numbers stay as they were sent. */
function latLonText(text: string): string {
  return parseLatLon(text) === undefined ? text : text.trim().replace(/\s*,\s*/, ',');
}

/**
 * A string in its wire form: timespans as `[d.]hh:mm:ss`, latlons without the space,
 * dates as `YYYY-MM-DD`.
 * Only lossless rewrites: a malformed value stays for validation to report, and a timespan with a
 * fraction of a second keeps it.
 */
function wireString(text: string, schema: SchemaNode): string {
  if (schema.format === 'latlon') return latLonText(text);
  if (schema.format === 'date') {
    const day = parseDate(text);
    return day === undefined ? text : formatDate(day);
  }
  if (schema.format !== 'timespan') return text;
  const seconds = parseTimespan(text);
  return seconds !== undefined && Number.isInteger(seconds) ? formatTimespan(seconds) : text;
}

function transform(value: unknown, schema: SchemaNode, state: CanonicalizeState): unknown {
  if (state.kept.has(value)) return value;
  if (value === undefined || schema.readOnly === true) return undefined;
  const collection = schema['x-reference-to'];
  if (collection !== undefined && isJsonObject(value)) return transformInlineEntity(value, schema, collection, state);
  // The marker shorthand: a string that parses as a latlon is a point, not a marker id.
  if (collection === 'markers' && typeof value === 'string') return latLonText(value);
  if (typeof value === 'string') return wireString(value, schema);
  if (schema.anyOf !== undefined) {
    const branch = branchFor(schema, value);
    return branch === undefined ? value : transform(value, branch, state);
  }
  if (schema.type === 'object' && isJsonObject(value)) return transformObject(value, schema, state);
  if (schema.type === 'array' && Array.isArray(value)) {
    const items = schema.items;
    return items === undefined ? value : Array.from(value, (item: unknown) => transform(item, items, state));
  }
  return value;
}

function transformInlineEntity(entity: JsonObject, schema: SchemaNode, collection: EntityCollection, state: CanonicalizeState): unknown {
  const canonical = transformObject(entity, entityBranch(schema), state);
  if (!state.usable.has(collection)) return canonical;
  // An id-less marker is the documented inline form `{location}` and stays where it is.
  if (collection === 'markers' && !hasUsableId(entity)) return canonical;
  if (hasUsableId(entity)) {
    state.extracted.get(collection)!.push(canonical);
    return entity.id;
  }
  if (!state.extractAnonymous) return canonical;
  state.extracted.get(collection)!.push(canonical);
  state.movedAnonymous = true;
  return ANONYMOUS_REFERENCE;
}

function transformObject(value: JsonObject, schema: SchemaNode, state: CanonicalizeState): JsonObject {
  const pattern = schema.patternProperties;
  // Record-like objects (custom): keep every entry; fromEntries keeps a "__proto__" key as data.
  if (pattern !== undefined) return Object.fromEntries(Object.entries(value));
  const out: JsonObject = {};
  for (const [key, propertySchema] of schemaProperties(schema)) {
    if (!Object.hasOwn(value, key)) continue;
    const transformed = transform(value[key], propertySchema, state);
    if (transformed !== undefined) out[key] = transformed;
  }
  return out;
}

function appendExtracted(members: unknown[], extracted: JsonObject[]): void {
  const byId = new Map<string, unknown[]>();
  const remember = (member: unknown): void => {
    if (!isJsonObject(member) || !hasUsableId(member)) return;
    const same = byId.get(member.id);
    if (same === undefined) byId.set(member.id, [member]);
    else same.push(member);
  };
  members.forEach(remember);
  for (const entity of extracted) {
    // The same entity written inline twice (or inline and top-level) is one entity; a different
    // one under the same id is kept so that validation reports the duplicate id.
    if (hasUsableId(entity) && byId.get(entity.id)?.some((member) => jsonEqual(member, entity)) === true) continue;
    members.push(entity);
    remember(entity);
  }
}

/** The collections of a body that can receive inline entities: in the schema, and absent or an array. */
function inlineTargets(body: JsonObject, schema: SchemaNode): EntityCollection[] {
  return ENTITY_COLLECTIONS.filter((collection) => {
    const members = ownValue(body, collection);
    return schema.properties?.[collection] !== undefined && (members === undefined || Array.isArray(members));
  });
}

function canonicalizeWith(
  body: unknown,
  schema: SchemaNode,
  extractAnonymous: boolean,
  kept: ReadonlySet<unknown> = new Set(),
): { body: unknown; movedAnonymous: boolean } {
  if (!isJsonObject(body)) return { body, movedAnonymous: false };
  const state: CanonicalizeState = { extractAnonymous, usable: new Set(), extracted: new Map(), movedAnonymous: false, kept };
  for (const collection of inlineTargets(body, schema)) {
    state.usable.add(collection);
    state.extracted.set(collection, []);
  }
  const out = transformObject(body, schema, state);
  for (const [collection, extracted] of state.extracted) {
    if (extracted.length === 0) continue;
    const members = (out[collection] as unknown[] | undefined) ?? [];
    appendExtracted(members, extracted);
    out[collection] = members;
  }
  // Collections created here go where the schema puts them, like every other key.
  const ordered = Object.fromEntries(
    Object.keys(schema.properties ?? {})
      .filter((key) => out[key] !== undefined)
      .map((key) => [key, out[key]]),
  );
  return { body: ordered, movedAnonymous: state.movedAnonymous };
}

/**
 * Canonical form of a problem-shaped body: known fields only, in schema order; every inline entity
 * moved to the end of its top-level collection and referenced by id; output-only fields dropped;
 * timespans and latlons in their wire form.
 * Values of the wrong shape are kept as they are, so the function never throws and validation
 * can run on its output.
 */
export function canonicalizeBody(body: unknown, schema: SchemaNode, extractAnonymous: boolean): unknown {
  return canonicalizeWith(body, schema, extractAnonymous).body;
}

/**
 * Validation's form of a body (canonicalizeBody in validation mode) and whether it is the
 * canonical form as well: it is unless an id-less inline entity was moved.
 */
export function validationForm(body: unknown, schema: SchemaNode): { form: unknown; isCanonical: boolean } {
  const { body: form, movedAnonymous } = canonicalizeWith(body, schema, true);
  return { form, isCanonical: !movedAnonymous };
}

/**
 * The canonical form of a request (default: a plain problem): every entity in its top-level
 * collection, references by id, no calculated values, no unknown fields, keys in schema order.
 * Defaults are not injected. Idempotent.
 */
export function canonicalize<T>(body: T, operation: OperationName = 'canonicalize'): T {
  return canonicalizeBody(body, schemaNode(OPERATIONS[operation].body), false) as T;
}

const problemSchema = (): SchemaNode => schemaNode(OPERATIONS.canonicalize.body);

/**
 * The collections of a problem that receive its inline entities in canonical form. A canonical
 * problem stays canonical only while these stay the same: an inline entity left in place because
 * its collection was null moves once the collection is an array.
 */
export function inlineEntityCollections(problem: unknown): EntityCollection[] {
  return isJsonObject(problem) ? inlineTargets(problem, problemSchema()) : [];
}

/**
 * canonicalize(problem) when the objects of `kept` are canonical already where they stand (members
 * of a top-level collection of a canonical problem, untouched since, with the same
 * inlineEntityCollections): they are kept, not copied or walked, so the cost is that of the rest.
 */
export function canonicalizeKeeping<T>(problem: T, kept: ReadonlySet<object>): T {
  return canonicalizeWith(problem, problemSchema(), false, kept).body as T;
}
