import { Type, type Static } from '@sinclair/typebox';
import { Custom, Datetime, LatLonString, LocationType } from './common.js';
import { Vehicle } from './fleet.js';
import { StringEnum } from './schema.js';

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
    stops: Type.Array(PathRequestStop),
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

export const GeocodeAddressRequest = Type.Object(
  {
    id: Type.Optional(Type.String()),
    query: Type.String({ minLength: 1, description: 'Free-text address.' }),
    country: Type.Optional(Type.String({ description: 'ISO 3166 alpha-2 code.' })),
    max_results: Type.Optional(Type.Integer({ minimum: 1 })),
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
