import { isJsonObject, ownValue } from '../json.js';
import { ENTITY_COLLECTIONS, type EntityCollection } from '../types/schema.js';
import { reject } from './codes.js';
import type { DeltaCollection } from './nested.js';

/** Where a top-level delta may point: the only places that keep the problem canonical. */
export type DeltaTarget =
  | { kind: 'root' }
  | { kind: 'collection'; collection: EntityCollection }
  | { kind: 'route_jobs'; routeId: string }
  | { kind: 'schedule_jobs'; scheduleId: string };

export const TARGET_COLLECTION: Record<DeltaTarget['kind'], DeltaCollection> = {
  root: 'object',
  collection: 'keyed_array',
  route_jobs: 'array',
  schedule_jobs: 'array',
};

// The documented examples also write the singular (["route"], ["job"]): accept it as the plural.
const collectionByName = new Map<string, EntityCollection>(
  ENTITY_COLLECTIONS.flatMap((collection) => [
    [collection, collection],
    [collection.slice(0, -1), collection],
  ]),
);

function selectedId(segment: unknown): string | undefined {
  if (!isJsonObject(segment) || Object.keys(segment).length !== 1) return undefined;
  const id = ownValue(segment, 'id');
  return typeof id === 'string' ? id : undefined;
}

function notAllowed(path: string, value: unknown): never {
  return reject(
    path,
    'delta_path_not_allowed_error',
    'Allowed $path values: [], ["<collection>"] (jobs, routes, drivers, schedules, ...; singular accepted), ["routes", {"id": "<route>"}, "jobs"], ["schedules", {"id": "<schedule>"}, "jobs"].',
    {
      attempted_value: typeof value === 'string' ? value : JSON.stringify(value).slice(0, 200),
    },
  );
}

export function resolveDeltaPath(value: unknown, path: string): DeltaTarget {
  if (!Array.isArray(value)) {
    return reject(path, 'invalid_type_error', '$path is an array of segments from the problem root.', {
      parameters: { expected: ['array'] },
    });
  }
  if (value.length === 0) return { kind: 'root' };
  const collection = typeof value[0] === 'string' ? collectionByName.get(value[0]) : undefined;
  if (collection === undefined) return notAllowed(path, value);
  if (value.length === 1) return { kind: 'collection', collection };
  const id = selectedId(value[1]);
  if (value.length !== 3 || id === undefined || value[2] !== 'jobs') return notAllowed(path, value);
  if (collection === 'routes') return { kind: 'route_jobs', routeId: id };
  if (collection === 'schedules') return { kind: 'schedule_jobs', scheduleId: id };
  return notAllowed(path, value);
}
