import { Type, type Static } from '@sinclair/typebox';
import { LoadAmount, CapacityMetric } from './capacity.js';
import { Custom, DateRange, DateString, Datetime, Id, LatLonString, StopType, Timespan } from './common.js';
import { Violation, ViolationType } from './violation.js';

export const StopResponse = Type.Object(
  {
    id: Id,
    type: StopType,
    job: Type.Optional(Id),
    previous_job: Type.Optional(Type.String({ description: 'job_exit stops: the job they belong to.' })),
    arrival_datetime: Type.Optional(Datetime),
    arrival_time: Type.Optional(Timespan),
    distance_to_meters: Type.Number(),
    time_to: Timespan,
    idle_time: Timespan,
    time_on_site: Timespan,
    location: Type.Optional(LatLonString),
    path_to_stop: Type.Optional(Type.Array(LatLonString)),
    custom: Type.Optional(Custom),
    violations: Type.Array(Violation),
    assignment_restrictions: Type.Optional(Type.Array(Violation)),
  },
  { $id: 'stop_response' },
);

export const RouteResponse = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    custom: Type.Optional(Custom),
    cost: Type.Number(),
    internal_cost: Type.Number(),
    distance_meters: Type.Number(),
    driving_time: Timespan,
    working_time: Timespan,
    planned_start_date_time: Type.Optional(Datetime),
    stops: Type.Optional(Type.Array(StopResponse)),
    vehicle: Type.Optional(Id),
    violations: Type.Array(Violation),
    previous_multiday_day: Type.Optional(Id),
    next_multiday_day: Type.Optional(Id),
  },
  { $id: 'route_response' },
);

export const UnroutedJob = Type.Object(
  {
    id: Id,
    reasons: Type.Optional(
      Type.Array(ViolationType, {
        description:
          'build, optimize and insert: the violation types that keep the job off every route (our own field; empty only when the job fits a route it is not put on: a job optimize was given on no route, or a day of an overnight trip in build).',
      }),
    ),
  },
  { $id: 'unrouted_job' },
);

export const ScheduleResponse = Type.Object(
  { id: Id, name: Type.Optional(Type.String()), base_date: DateString },
  { $id: 'schedule_response', description: 'Only for schedules whose base_date this solve chose.' },
);

/** The body of build, optimize, sequence, evaluate, insert and the consolidate operations without return_request. */
export const ProblemResponse = Type.Object(
  {
    routes: Type.Array(RouteResponse),
    unrouted_jobs: Type.Array(UnroutedJob),
    schedules: Type.Optional(Type.Array(ScheduleResponse)),
    custom: Type.Optional(Custom),
  },
  { $id: 'problem_response' },
);

export const ProblemAggregates = Type.Object(
  {
    capacity_metrics: Type.Optional(Type.Array(CapacityMetric)),
    load: Type.Optional(Type.Number()),
    loads: Type.Optional(Type.Array(LoadAmount)),
    num_assigned_jobs: Type.Integer(),
    num_unassigned_jobs: Type.Integer(),
    num_drivers_used: Type.Integer(),
    num_routes: Type.Integer(),
    num_violations: Type.Optional(Type.Integer()),
    total_cost: Type.Optional(Type.Number()),
    total_internal_cost: Type.Optional(Type.Number()),
    total_distance_meters: Type.Optional(Type.Number()),
    total_driving_time: Type.Optional(Timespan),
    total_working_time: Type.Optional(Timespan),
  },
  { $id: 'problem_aggregates' },
);

export const RecommendOption = Type.Object(
  {
    delta_cost: Type.Number(),
    delta_internal_cost: Type.Number(),
    delta_distance_meters: Type.Number(),
    delta_working_time: Timespan,
    route_index: Type.Integer({ description: "Index within this option's routes of the route that gets the job." }),
    job_index: Type.Integer({ description: 'Number of job stops before the inserted job.' }),
    routes: Type.Array(RouteResponse),
    schedules: Type.Optional(Type.Array(ScheduleResponse)),
  },
  { $id: 'recommend_option' },
);

export const RecommendResponse = Type.Object({ recommend_options: Type.Array(RecommendOption) }, { $id: 'recommend_response' });

export const RouteRestriction = Type.Object(
  {
    id: Id,
    violations: Type.Array(Violation, { description: 'The hard violations the job has on this route alone: they forbid it there.' }),
  },
  { $id: 'route_restriction' },
);

export const JobRestrictions = Type.Object(
  { id: Id, routes: Type.Array(RouteRestriction, { description: 'Only the routes the job may not go on.' }) },
  { $id: 'job_restrictions' },
);

export const AssignmentRestrictionsResponse = Type.Object(
  {
    jobs: Type.Array(JobRestrictions, { description: 'Jobs with at least one route they may not go on, in request order.' }),
    unrouted_jobs: Type.Array(UnroutedJob, { description: 'Jobs no route can take, with the union of their restrictions.' }),
    custom: Type.Optional(Custom),
  },
  { $id: 'assignment_restrictions_response' },
);

export const ScheduleJobResponse = Type.Object(
  { job: Id, ordinal: Type.Integer(), target_date: Type.Optional(DateString), target_date_range: DateRange },
  { $id: 'schedule_job_response' },
);

export const ScheduleInstantiateResponse = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    custom: Type.Optional(Custom),
    jobs: Type.Array(ScheduleJobResponse),
  },
  { $id: 'schedule_instantiate_response' },
);

export type StopResponse = Static<typeof StopResponse>;
export type RouteResponse = Static<typeof RouteResponse>;
export type ProblemResponse = Static<typeof ProblemResponse>;
export type ProblemAggregates = Static<typeof ProblemAggregates>;
export type RecommendOption = Static<typeof RecommendOption>;
export type ScheduleResponse = Static<typeof ScheduleResponse>;
export type RecommendResponse = Static<typeof RecommendResponse>;
export type RouteRestriction = Static<typeof RouteRestriction>;
export type AssignmentRestrictionsResponse = Static<typeof AssignmentRestrictionsResponse>;
