import { Type, type Static } from '@sinclair/typebox';
import { LoadAmount } from './capacity.js';
import { Custom, DateString, HazmatLoadType, Id, NonNegativeNumber, Percentage, StringList, Timespan } from './common.js';
import { MarkerReference } from './marker.js';
import { NullableReference, Reference } from './schema.js';

export const Depot = Type.Object({ id: Id, location: Type.Optional(MarkerReference), custom: Type.Optional(Custom) }, { $id: 'depot' });
export const DepotReference = Reference('depots', Depot, Id);

export const Vehicle = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    vehicle_type: Type.Optional(Type.String({ description: 'auto, truck, ...' })),
    allow_ferries: Type.Optional(Type.Boolean()),
    allow_toll_roads: Type.Optional(Type.Boolean()),
    allow_u_turns: Type.Optional(Type.Boolean()),
    attributes: Type.Optional(StringList),
    required_driver_attributes: Type.Optional(StringList),
    cost_per_km: Type.Optional(NonNegativeNumber('US$/km, default 0.07677.')),
    fixed_cost: Type.Optional(NonNegativeNumber('US$ per used route.')),
    depot: Type.Optional(DepotReference),
    location: Type.Optional(MarkerReference),
    driving_speed_percentage: Type.Optional(Percentage),
    load_capacity: Type.Optional(NonNegativeNumber('Single-metric capacity; not with load_capacities.')),
    load_capacities: Type.Optional(Type.Array(LoadAmount)),
    hazmat_load_types: Type.Optional(Type.Array(HazmatLoadType)),
    custom: Type.Optional(Custom),
  },
  { $id: 'vehicle' },
);
export const VehicleReference = Reference('vehicles', Vehicle, Id);

export const DriverBreak = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    start: Type.Optional(Timespan),
    earliest_start: Type.Optional(Timespan),
    latest_start: Type.Optional(Timespan),
    length: Type.Optional(Timespan),
  },
  {
    $id: 'driver_break',
    description:
      'A fixed (start) or flexible (earliest_start..latest_start) break; start excludes the other two. Without length it lasts ' +
      "DEFAULT_BREAK_LENGTH (30 minutes, the break the compatible API's guides use), so a sandbox delta may create a break before saying how long it is.",
  },
);

/** Fields a shift shares with the routes instantiate copies it onto. */
export const ShiftFields = {
  name: Type.Optional(Type.String()),
  custom: Type.Optional(Custom),
  start_time: Type.Optional(Timespan),
  end_time: Type.Optional(Timespan),
  optimize_start_time: Type.Optional(Type.Boolean()),
  breaks: Type.Optional(Type.Array(DriverBreak)),
  breaks_relative_to_start: Type.Optional(Type.Boolean()),
  enable_start_stem_time: Type.Optional(Type.Boolean()),
  enable_end_stem_time: Type.Optional(Type.Boolean()),
  max_driving_time: Type.Optional(Timespan),
  max_working_time: Type.Optional(Timespan),
  normal_working_time: Type.Optional(Timespan),
};

export const Shift = Type.Object({ id: Id, ...ShiftFields }, { $id: 'shift' });
export const ShiftReference = Reference('shifts', Shift, Id);

export const ShiftPattern = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    custom: Type.Optional(Custom),
    shifts: Type.Array(Type.Array(ShiftReference), {
      minItems: 1,
      description: 'One inner array per consecutive day ([] = day off); the pattern repeats.',
    }),
  },
  { $id: 'shift_pattern' },
);
export const ShiftPatternReference = Reference('shift_patterns', ShiftPattern, Id);

export const ShiftPatternAssignment = Type.Object(
  {
    shift_pattern: ShiftPatternReference,
    start_date: DateString,
    end_date: Type.Optional(DateString),
  },
  { $id: 'shift_pattern_assignment', description: "The pattern's first day lands on start_date." },
);

export const ShiftOverride = Type.Object(
  {
    id: Type.Optional(Type.String()),
    start_date: DateString,
    end_date: DateString,
    shift: Type.Optional(NullableReference('shifts', Shift, Id, { description: 'null or absent = day off.' })),
  },
  { $id: 'shift_override' },
);

export const Driver = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    first_name: Type.Optional(Type.String()),
    middle_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    attributes: Type.Optional(StringList),
    centroid: Type.Optional(MarkerReference),
    cost_per_hour: Type.Optional(NonNegativeNumber('US$/h.')),
    overtime_cost_per_hour: Type.Optional(NonNegativeNumber('US$/h beyond normal_working_time.')),
    location: Type.Optional(MarkerReference),
    start_location: Type.Optional(MarkerReference),
    end_location: Type.Optional(MarkerReference),
    max_multiday_days: Type.Optional(Type.Integer({ minimum: 1 })),
    preferred_vehicle: Type.Optional(VehicleReference),
    shift_patterns: Type.Optional(Type.Array(ShiftPatternAssignment)),
    shift_overrides: Type.Optional(Type.Array(ShiftOverride)),
    custom: Type.Optional(Custom),
  },
  { $id: 'driver' },
);
export const DriverReference = Reference('drivers', Driver, Id);

export type Depot = Static<typeof Depot>;
export type Vehicle = Static<typeof Vehicle>;
export type DriverBreak = Static<typeof DriverBreak>;
export type Shift = Static<typeof Shift>;
export type ShiftPattern = Static<typeof ShiftPattern>;
export type ShiftPatternAssignment = Static<typeof ShiftPatternAssignment>;
export type ShiftOverride = Static<typeof ShiftOverride>;
export type Driver = Static<typeof Driver>;
