import { Type, type Static } from '@sinclair/typebox';
import { Custom, Datetime, LatLonString, LocationType } from './common.js';
import { Vehicle } from './fleet.js';
import { StringEnum } from './schema.js';

/**
 * Most stops one path request may hold (over all its routes): the path is computed synchronously,
 * leg by leg on the road graph.
 */
export const MAX_PATH_STOPS = 1000;

export const PathRequestStop = Type.Object(
  {
    type: Type.Optional(LocationType),
    location: LatLonString,
    intersection: Type.Optional(LatLonString),
    heading: Type.Optional(
      Type.Number({ minimum: 0, exclusiveMaximum: 360, description: 'Degrees clockwise from north; type vehicle only.' }),
    ),
  },
  { $id: 'path_request_stop' },
);

export const PathRequestRoutingOptions = Type.Object(
  {
    route_with_traffic: Type.Optional(Type.Boolean()),
    routing_date_time: Type.Optional(Datetime),
    return_path: Type.Optional(Type.Boolean()),
  },
  { $id: 'path_request_routing_options' },
);

export const PathRequestRoute = Type.Object(
  {
    id: Type.Optional(Type.String()),
    routing_options: Type.Optional(PathRequestRoutingOptions),
    // The path operation has no problem around it to hold vehicles, so only the inline form exists.
    vehicle: Type.Optional(Vehicle),
    stops: Type.Array(PathRequestStop, {
      maxItems: MAX_PATH_STOPS,
      description: `At least 2; at most ${MAX_PATH_STOPS} stops over all routes of the request.`,
    }),
  },
  { $id: 'path_request_route' },
);

export const PathRequest = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    custom: Type.Optional(Custom),
    path_encoding: Type.Optional(StringEnum(['json', 'polyline'] as const)),
    routes: Type.Array(PathRequestRoute),
  },
  { $id: 'path_request' },
);

/**
 * Longest address a geocode request may hold: trigram matching costs PostgreSQL time in proportion
 * to the text, and no real address comes near it.
 */
export const MAX_GEOCODE_QUERY_LENGTH = 1000;
/** Most suggestions one address asks for. */
export const MAX_GEOCODE_RESULTS = 50;

export const GeocodeAddressRequest = Type.Object(
  {
    id: Type.Optional(Type.String()),
    query: Type.String({
      minLength: 1,
      maxLength: MAX_GEOCODE_QUERY_LENGTH,
      description: `Free-text address, at most ${MAX_GEOCODE_QUERY_LENGTH} characters.`,
    }),
    country: Type.Optional(Type.String({ maxLength: 100, description: 'ISO 3166 alpha-2 code.' })),
    max_results: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_GEOCODE_RESULTS, description: `Default 5, at most ${MAX_GEOCODE_RESULTS}.` }),
    ),
  },
  { $id: 'geocode_address_request' },
);

export const GeocodeRequest = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    custom: Type.Optional(Custom),
    addresses: Type.Array(GeocodeAddressRequest),
  },
  { $id: 'geocode_request' },
);

export const ReverseGeocodeLocation = Type.Object(
  { id: Type.Optional(Type.String()), location: LatLonString },
  { $id: 'reverse_geocode_location' },
);

export const ReverseGeocodeRequest = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    custom: Type.Optional(Custom),
    locations: Type.Array(ReverseGeocodeLocation),
  },
  { $id: 'reverse_geocode_request' },
);

export type PathRequest = Static<typeof PathRequest>;
export type GeocodeRequest = Static<typeof GeocodeRequest>;
export type ReverseGeocodeRequest = Static<typeof ReverseGeocodeRequest>;
