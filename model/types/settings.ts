import { Type, type Static } from '@sinclair/typebox';
import { NonNegativeNumber, Percentage, Timespan } from './common.js';
import { StringEnum } from './schema.js';
import { ViolationType } from './violation.js';

export const ProblemDefaults = Type.Object(
  {
    allow_ferries: Type.Optional(Type.Boolean()),
    allow_toll_roads: Type.Optional(Type.Boolean()),
    allow_u_turns: Type.Optional(Type.Boolean()),
    cost_per_hour: Type.Optional(NonNegativeNumber('US$/h, default 10.')),
    cost_per_km: Type.Optional(NonNegativeNumber('US$/km, default 0.07677.')),
    driving_speed_percentage: Type.Optional(Percentage),
    enable_start_stem_time: Type.Optional(Type.Boolean()),
    enable_end_stem_time: Type.Optional(Type.Boolean()),
    start_time: Type.Optional(Timespan),
    end_time: Type.Optional(Timespan),
    optimize_start_time: Type.Optional(Type.Boolean()),
    max_working_time: Type.Optional(Timespan),
    normal_working_time: Type.Optional(Timespan),
    max_driving_time: Type.Optional(Timespan),
    max_multiday_days: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { $id: 'problem_defaults' },
);

export const Settings = Type.Object(
  {
    clustering: Type.Optional(StringEnum(['automatic', 'centroid', 'natural'] as const)),
    centroid_strength: Type.Optional(StringEnum(['high', 'low'] as const)),
    critical_violations: Type.Optional(Type.Array(ViolationType)),
    defaults: Type.Optional(ProblemDefaults),
    disable_unrouting_stops: Type.Optional(Type.Boolean()),
    enable_explicit_vehicles: Type.Optional(
      Type.Boolean({ description: 'Default: true when the request has vehicles. The other value given explicitly is invalid.' }),
    ),
    enable_front_loading: Type.Optional(Type.Boolean()),
    enable_historic_traffic: Type.Optional(Type.Boolean()),
    enable_legal_breaks: Type.Optional(
      Type.Boolean({ description: 'Requires legal_break_duration and legal_break_interval; route.breaks are ignored.' }),
    ),
    legal_break_duration: Type.Optional(Timespan),
    legal_break_interval: Type.Optional(Timespan),
    time_windows_as_hard_constraint: Type.Optional(Type.Boolean()),
    route_paths: Type.Optional(Type.Boolean()),
    return_assignment_restrictions: Type.Optional(Type.Boolean()),
    // Our own field: the wall-clock budget of a search (build, optimize, sequence); searches that
    // reach a local optimum with nothing left to try stop earlier.
    time_limit: Type.Optional(Timespan),
    // Our own field: the seed of the search's random choices (default 1). A search that stops by
    // itself (no improvement for a while) before time_limit gives the same result for the same seed.
    random_seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 4294967295 })),
  },
  { $id: 'settings' },
);

export type ProblemDefaults = Static<typeof ProblemDefaults>;
export type Settings = Static<typeof Settings>;
