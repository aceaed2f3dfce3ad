import { Type, type Static } from '@sinclair/typebox';
import { LoadAmount } from './capacity.js';
import { Custom, DateString, Id, NonNegativeInteger, NonNegativeNumber, Percentage, StringList, StopType } from './common.js';
import { DepotReference, DriverBreak, DriverReference, ShiftFields, VehicleReference } from './fleet.js';
import { JobReference } from './job.js';
import { MarkerReference } from './marker.js';
import { RouteResponse } from './responses.js';
import { ReadOnly } from './schema.js';

export const Stop = Type.Object(
  {
    id: Type.Optional(Id),
    type: StopType,
    job: Type.Optional(JobReference),
    // Breaks live on their route (or shift), not in a top-level collection: an id names one of route.breaks.
    break: Type.Optional(Type.Union([Id, DriverBreak])),
    depot: Type.Optional(DepotReference),
    custom: Type.Optional(Custom),
  },
  { $id: 'stop', description: 'Calculated stop_response fields may be present; they are ignored.' },
);

export const Route = Type.Object(
  {
    id: Id,
    ...ShiftFields,
    date: Type.Optional(DateString),
    driver: Type.Optional(DriverReference),
    vehicle: Type.Optional(VehicleReference),
    depot: Type.Optional(DepotReference),
    start_depot: Type.Optional(DepotReference),
    end_depot: Type.Optional(DepotReference),
    location: Type.Optional(MarkerReference),
    start_location: Type.Optional(MarkerReference),
    end_location: Type.Optional(MarkerReference),
    jobs: Type.Optional(Type.Array(JobReference)),
    stops: Type.Optional(Type.Array(Stop)),
    route_attributes: Type.Optional(StringList),
    cost_per_hour: Type.Optional(NonNegativeNumber('US$/h.')),
    cost_per_km: Type.Optional(NonNegativeNumber('US$/km, default 0.07677.')),
    fixed_cost: Type.Optional(NonNegativeNumber()),
    driving_speed_percentage: Type.Optional(Percentage),
    vehicle_type: Type.Optional(Type.String({ description: 'An inline vehicle: implies settings.enable_explicit_vehicles = false.' })),
    allow_ferries: Type.Optional(Type.Boolean()),
    allow_toll_roads: Type.Optional(Type.Boolean()),
    allow_u_turns: Type.Optional(Type.Boolean()),
    same_side_routing: Type.Optional(Type.Boolean()),
    load_capacity: Type.Optional(NonNegativeNumber('Single-metric capacity; not with load_capacities.')),
    load_capacities: Type.Optional(Type.Array(LoadAmount)),
    max_jobs_on_route: Type.Optional(NonNegativeInteger()),
    has_next_multiday_day: Type.Optional(Type.Boolean()),
    response: Type.Optional(ReadOnly(RouteResponse)),
  },
  { $id: 'route' },
);

export type Stop = Static<typeof Stop>;
export type Route = Static<typeof Route>;
