import { Type, type Static } from '@sinclair/typebox';
import { JobTypeReference, LoadAmount } from './capacity.js';
import { Custom, DateString, DayOfWeek, Id, MAX_AMOUNT, NonNegativeInteger, StringList, Timespan, TimeWindow } from './common.js';
import { DriverReference } from './fleet.js';
import { MarkerReference } from './marker.js';
import { NullableReference, Reference } from './schema.js';

/** Fields a schedule's job_template copies into every job it instantiates (everything but id and dates). */
const JobTemplateFields = {
  name: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  custom: Type.Optional(Custom),
  type: Type.Optional(JobTypeReference),
  location: Type.Optional(MarkerReference),
  exit_location: Type.Optional(MarkerReference),
  exit_time_on_site: Type.Optional(Timespan),
  time_on_site: Type.Optional(Timespan),
  time_window: Type.Optional(TimeWindow),
  time_window2: Type.Optional(TimeWindow),
  load: Type.Optional(Type.Number({ minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT, description: 'Single-metric load; not with loads.' })),
  loads: Type.Optional(Type.Array(LoadAmount)),
  job_attributes: Type.Optional(StringList),
  required_driver: Type.Optional(DriverReference),
  forbidden_drivers: Type.Optional(Type.Array(DriverReference)),
  required_driver_attributes: Type.Optional(StringList),
  disallowed_driver_attributes: Type.Optional(StringList),
  required_route_attributes: Type.Optional(StringList),
  disallowed_route_attributes: Type.Optional(StringList),
  required_vehicle_attributes: Type.Optional(StringList),
  required_pre_job_depot_attributes: Type.Optional(StringList),
  required_post_job_depot_attributes: Type.Optional(StringList),
};

export const JobTemplate = Type.Object(JobTemplateFields, { $id: 'job_template' });

/** Date constraints; not allowed on jobs that belong to a schedule. */
export const JOB_DATE_FIELDS = [
  'date',
  'allowed_dates',
  'allowed_days_of_week',
  'allowed_variance_before',
  'allowed_variance_after',
] as const;

export const Job = Type.Object(
  {
    id: Id,
    ...JobTemplateFields,
    date: Type.Optional(DateString),
    allowed_dates: Type.Optional(Type.Array(DateString, { description: 'Not with date. [] makes the job unroutable.' })),
    allowed_days_of_week: Type.Optional(Type.Union([Type.Array(DayOfWeek), Type.Null()], { description: 'null = all.' })),
    allowed_variance_before: Type.Optional(NonNegativeInteger('Days before date still allowed.')),
    allowed_variance_after: Type.Optional(NonNegativeInteger('Days after date still allowed.')),
  },
  { $id: 'job', description: 'location is required by every routing operation.' },
);

export const JobReference = Reference('jobs', Job, Id);
export const NullableJobReference = NullableReference('jobs', Job, Id);

export type JobTemplate = Static<typeof JobTemplate>;
export type Job = Static<typeof Job>;
