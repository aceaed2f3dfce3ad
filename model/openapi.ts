import type { TSchema } from '@sinclair/typebox';
import { OPERATIONS } from './operations.js';
import { VALIDATION_CODES } from './validation/codes.js';
import { MAX_PROBLEM_ENTITIES } from './validation/problem-size.js';
import { MAX_SET_INDEX } from './sandbox/array-delta.js';
import { MAX_REVISION } from './sandbox/revision-number.js';
import { MAX_BODY_DEPTH, MAX_INSTANTIATE_WORK, MAX_ROUTE_CARD_JOBS } from './limits.js';
import * as capacity from './types/capacity.js';
import * as common from './types/common.js';
import * as consolidate from './types/consolidate.js';
import * as fleet from './types/fleet.js';
import * as geoRequests from './types/geo-requests.js';
import * as job from './types/job.js';
import * as marker from './types/marker.js';
import * as meta from './types/meta.js';
import * as platform from './types/platform.js';
import * as problem from './types/problem.js';
import * as responses from './types/responses.js';
import * as route from './types/route.js';
import * as sandbox from './sandbox/schemas.js';
import * as schedule from './types/schedule.js';
import * as settings from './types/settings.js';
import * as violation from './types/violation.js';

type JsonValue = unknown;
type OpenApiDocument = Record<string, JsonValue>;

const SCHEMA_MODULES = [
  common,
  violation,
  marker,
  capacity,
  fleet,
  job,
  schedule,
  responses,
  consolidate,
  route,
  settings,
  problem,
  geoRequests,
  meta,
  platform,
  sandbox,
];

function isSchema(value: unknown): value is TSchema & { $id?: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every named schema ($id) reachable from the type modules and the operation bodies, by $id. */
function namedSchemas(): Map<string, TSchema> {
  const found = new Map<string, TSchema>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isSchema(value)) return;
    if (typeof value.$id === 'string') {
      if (found.has(value.$id)) return;
      found.set(value.$id, value);
    }
    Object.values(value).forEach(visit);
  };
  for (const module of SCHEMA_MODULES) Object.values(module).forEach(visit);
  for (const operation of Object.values(OPERATIONS)) visit(operation.body);
  return found;
}

/** JSON copy of a schema with nested named schemas as $refs (TypeBox symbols are dropped by the copy). */
function toComponent(schema: TSchema, root: boolean): JsonValue {
  const node = schema as Record<string, unknown>;
  if (!root && typeof node.$id === 'string') {
    const ref: Record<string, unknown> = { $ref: `#/components/schemas/${node.$id}` };
    if (node.readOnly === true) ref.readOnly = true;
    return ref;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id') continue;
    if (Array.isArray(value)) out[key] = value.map((item) => (isSchema(item) ? toComponent(item, false) : item));
    else if (isSchema(value) && key !== 'examples') out[key] = toSchemaMap(key, value);
    else out[key] = value;
  }
  return out;
}

// properties / patternProperties hold name → schema maps; every other object-valued keyword is a schema.
function toSchemaMap(key: string, value: Record<string, unknown>): JsonValue {
  if (key !== 'properties' && key !== 'patternProperties') return toComponent(value as TSchema, false);
  return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toComponent(schema as TSchema, false)]));
}

/** The limits a request meets before any work is done (README, "Limits"). */
const LIMITS = [
  `bodies nest at most ${MAX_BODY_DEPTH} levels (nesting_too_deep_error) and hold no NUL character in any text, path or query parameter (invalid_character_error)`,
  `a problem holds at most ${MAX_PROBLEM_ENTITIES} entities (jobs, routes, drivers, ... together; too_many_items_error on request)`,
  `costs, capacities and loads are at most ${common.MAX_AMOUNT} in magnitude`,
  `instantiate makes or examines at most ${MAX_INSTANTIATE_WORK} routes and visits per call (num_days, value_out_of_range_error)`,
  `a path request has at most ${geoRequests.MAX_PATH_STOPS} stops over its routes; route cards are drawn for at most ${MAX_ROUTE_CARD_JOBS} jobs`,
  `a geocoding query has at most ${geoRequests.MAX_GEOCODE_QUERY_LENGTH} characters and max_results at most ${geoRequests.MAX_GEOCODE_RESULTS}`,
  `a sandbox array delta sets indexes up to ${MAX_SET_INDEX}; revision numbers are at most ${MAX_REVISION}`,
];
/** Schemas the operations name that have no model of their own yet (their shapes are undocumented upstream). */
const OPEN_SCHEMAS: Record<string, JsonValue> = {
  path_response: { type: 'object', description: '{routes: [{id, distance_meters, driving_time, legs?, path?}]}' },
  geocode_response: { type: 'object', description: 'Suggestions per address.' },
  reverse_geocode_response: { type: 'object', properties: { geocoded_locations: { type: 'array', items: { type: 'object' } } } },
};

/**
 * The OpenAPI 3.1 document of the service: `paths` as the API's routes describe themselves
 * (api/openapi/catalog.ts), components from the same schemas that validate requests.
 * `serverUrl` is the base the paths hang under (without /v1).
 */
export function buildOpenApiDocument(options: { version: string; paths: Record<string, unknown>; serverUrl?: string }): OpenApiDocument {
  const schemas: Record<string, JsonValue> = { ...OPEN_SCHEMAS };
  for (const [id, schema] of [...namedSchemas()].sort(([a], [b]) => a.localeCompare(b))) {
    schemas[id] = toComponent(schema, true);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'wayplan',
      version: options.version,
      description:
        'Route optimization service compatible with the RouteCloud API. Limits: ' +
        LIMITS.join('; ') +
        '. Validation codes: ' +
        Object.keys(VALIDATION_CODES).join(', ') +
        '.',
    },
    servers: options.serverUrl === undefined ? [] : [{ url: options.serverUrl }],
    security: [{ basic: [] }, { session: [] }, { serviceSession: [] }],
    paths: options.paths,
    components: {
      schemas,
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic', description: 'Username account:user (percent-encode the colon as %3A in URLs).' },
        session: { type: 'apiKey', in: 'header', name: 'X-Telogis-Session-Id', description: 'The sessionId from the login service.' },
        serviceSession: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-Session-Id',
          description: 'The same session id under the other header name clients of the interface send.',
        },
      },
    },
  };
}
