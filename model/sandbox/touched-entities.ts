import { isJsonObject, ownValue, type JsonObject } from '../json.js';
import { ENTITY_COLLECTIONS, type EntityCollection } from '../types/schema.js';
import { resolveDeltaPath } from './top-level-paths.js';

/** Per top-level collection, the ids of the members deltas may change, or `all`; absent: none. */
export type TouchedEntities = Map<EntityCollection, Set<string> | 'all'>;

const isCollection = (key: string): key is EntityCollection => (ENTITY_COLLECTIONS as readonly string[]).includes(key);

/** The ids a keyed-array delta on a collection upserts by (assign entries, then a template's ids); undefined if it keys on another field. */
function upsertedIds(delta: JsonObject): string[] | undefined {
  const key = ownValue(delta, 'key');
  if (key !== undefined && key !== 'id') return undefined;
  const assign = ownValue(delta, 'assign');
  const entries = Array.isArray(assign) ? assign.map((entry) => (isJsonObject(entry) ? ownValue(entry, 'id') : undefined)) : [];
  const named = ownValue(delta, 'ids');
  const ids = [...entries, ...(Array.isArray(named) ? named : [])];
  return ids.every((id): id is string => typeof id === 'string') ? ids : undefined;
}

/**
 * The top-level entities that a deltas revision, which applied when it was written, can have changed.
 * A collection delta changes the members it names (removing one changes no other); a route's or a
 * schedule's jobs delta may change any route or schedule; the root delta replaces or edits whole
 * top-level fields. Entities inline in what changed are not counted: they are canonicalized with it.
 */
export function touchedEntities(deltas: unknown[]): TouchedEntities {
  const touched: TouchedEntities = new Map();
  const touchAll = (collection: EntityCollection): void => void touched.set(collection, 'all');
  for (const value of deltas) {
    const delta = value as JsonObject;
    const target = resolveDeltaPath(delta.$path, '$path');
    switch (target.kind) {
      case 'root':
        Object.keys(delta).filter(isCollection).forEach(touchAll);
        break;
      case 'collection': {
        const ids = upsertedIds(delta);
        const known = touched.get(target.collection) ?? new Set<string>();
        if (ids === undefined || known === 'all') touchAll(target.collection);
        else touched.set(target.collection, new Set([...known, ...ids]));
        break;
      }
      case 'route_jobs':
        touchAll('routes');
        break;
      case 'schedule_jobs':
        touchAll('schedules');
    }
  }
  return touched;
}

/** The members of the problem's top-level collections that `touched` does not name: objects with a string id. */
export function untouchedEntities(problem: JsonObject, touched: TouchedEntities): Set<object> {
  const untouched = new Set<object>();
  for (const collection of ENTITY_COLLECTIONS) {
    const members = ownValue(problem, collection);
    const ids = touched.get(collection);
    if (!Array.isArray(members) || ids === 'all') continue;
    for (const member of members) {
      if (!isJsonObject(member)) continue;
      const id = ownValue(member, 'id');
      if (typeof id === 'string' && ids?.has(id) !== true) untouched.add(member);
    }
  }
  return untouched;
}
