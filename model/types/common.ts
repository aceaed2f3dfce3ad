import { Type, type Static } from '@sinclair/typebox';
import { DAYS_OF_WEEK } from '../formats/date.js';
import { StringEnum } from './schema.js';

export const Id = Type.String({
  $id: 'id',
  minLength: 1,
  description: 'Any non-empty string, unique across all entity types of one request.',
});

export const LatLonString = Type.String({
  $id: 'latlon',
  format: 'latlon',
  description: 'WGS 84 decimal degrees "lat, lon"; the space is optional on input and never printed on output.',
  examples: ['-36.8485,174.7633'],
});

export const Timespan = Type.String({
  $id: 'timespan',
  format: 'timespan',
  description:
    '[-][d.]hh:mm[:ss[.fff]] on input (hours may pass 23 without a day part); [-][d.]hh:mm:ss in whole seconds on output, as .NET prints a TimeSpan (27 hours: 1.03:00:00). Request fields take non-negative values.',
  examples: ['04:30', '01:05:10', '1.03:00:00'],
});

export const DateString = Type.String({
  $id: 'date',
  format: 'date',
  description: 'YYYY-MM-DD; month and day may be unpadded on input; a T00:00:00 suffix is accepted.',
  examples: ['2024-03-01'],
});

export const Datetime = Type.String({
  $id: 'datetime',
  format: 'datetime',
  description: 'YYYY-MM-DDTHH:MM:SS without zone or offset: local time at the site; whole seconds on output.',
});

export const Custom = Type.Record(Type.String(), Type.String(), {
  $id: 'custom',
  description: 'Client fields with string values; no effect on optimization, echoed on the matching response object.',
});

export const TimeWindow = Type.Object(
  { start: Timespan, end: Timespan },
  { $id: 'time_window', description: 'Times of day from midnight; end >= start and may pass 24:00.' },
);

export const DateRange = Type.Object({ start: DateString, end: DateString }, { $id: 'date_range', description: 'Inclusive.' });

export const DayOfWeek = StringEnum(DAYS_OF_WEEK, { $id: 'day_of_week' });

export const Polygon = Type.Object(
  { vertices: Type.Array(LatLonString, { maxItems: 2000 }) },
  {
    $id: 'polygon',
    description: 'At least 4 vertices, closed (first == last), no other repeated vertex, no crossing edges.',
  },
);

export const STOP_TYPES = ['job', 'break', 'legal_break', 'depot', 'overnight', 'job_exit'] as const;
export const StopType = StringEnum(STOP_TYPES, { $id: 'stop_type' });

// The reference API's page for this type was never captured; these are the UN dangerous-goods classes
// that truck routing engines commonly take.
export const HAZMAT_LOAD_TYPES = [
  'explosives',
  'gases',
  'flammable_liquids',
  'flammable_solids',
  'oxidizers',
  'poisons',
  'radioactive',
  'corrosives',
  'miscellaneous',
] as const;
export const HazmatLoadType = StringEnum(HAZMAT_LOAD_TYPES, { $id: 'hazmat_load_type' });

export const LOCATION_TYPES = ['on_street', 'off_street', 'vehicle'] as const;
export const LocationType = StringEnum(LOCATION_TYPES, { $id: 'path_request_location_type' });

export type Custom = Static<typeof Custom>;
export type TimeWindow = Static<typeof TimeWindow>;
export type DateRange = Static<typeof DateRange>;
export type Polygon = Static<typeof Polygon>;
export type StopType = Static<typeof StopType>;

/**
 * Largest magnitude of a cost, capacity or load: finite inputs near the double limit would sum to
 * Infinity (answered as null); under this bound every total of a problem stays finite and exact enough.
 */
export const MAX_AMOUNT = 1e12;

export function NonNegativeNumber(description?: string) {
  return Type.Number(description === undefined ? { minimum: 0, maximum: MAX_AMOUNT } : { minimum: 0, maximum: MAX_AMOUNT, description });
}

export function NonNegativeInteger(description?: string) {
  return Type.Integer(description === undefined ? { minimum: 0 } : { minimum: 0, description });
}

export const Percentage = Type.Number({
  exclusiveMinimum: 0,
  maximum: 1000,
  description: 'Percent of normal speed; route or defaults and vehicle values multiply.',
});

export const StringList = Type.Array(Type.String());
