import { Type, type Static } from '@sinclair/typebox';
import { Custom, Id, LatLonString, LocationType } from './common.js';
import { Reference } from './schema.js';

export const Marker = Type.Object(
  {
    // Optional: the explicit inline form `{location: "lat,lon"}` has no id. Markers in the
    // top-level collection must have one (checked by the semantic rules).
    id: Type.Optional(Id),
    location: LatLonString,
    intersection: Type.Optional(LatLonString),
    location_type: Type.Optional(LocationType),
    name: Type.Optional(Type.String()),
    formatted_address: Type.Optional(Type.String()),
    country: Type.Optional(Type.String()),
    is_depot: Type.Optional(Type.Boolean()),
    attributes: Type.Optional(Type.Array(Type.String())),
    custom: Type.Optional(Custom),
  },
  { $id: 'marker', description: 'A point of interest. Its id must not parse as a latlon.' },
);

export const MarkerReference = Reference(
  'markers',
  Marker,
  Type.String({ minLength: 1, description: 'A "lat, lon" string (an inline marker) or the id of a marker.' }),
);

export type Marker = Static<typeof Marker>;
