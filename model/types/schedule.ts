import { Type, type Static } from '@sinclair/typebox';
import { CapacityMetricReference } from './capacity.js';
import { Custom, DateString, DayOfWeek, Id, NonNegativeInteger, NonNegativeNumber, Polygon } from './common.js';
import { DriverReference } from './fleet.js';
import { JobTemplate, NullableJobReference } from './job.js';
import { StringEnum } from './schema.js';

export const SCHEDULE_TYPES = [
  'daily',
  'weekly',
  'monthly_by_day_of_week',
  'monthly_by_day_of_month',
  'times_per_week',
  'times_per_month',
  'times_per_year',
] as const;

export const ScheduleJobOverride = Type.Object(
  { ordinal: NonNegativeInteger(), type: Type.String({ description: 'e.g. out_of_range' }) },
  { $id: 'schedule_job_override' },
);

export const Schedule = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    custom: Type.Optional(Custom),
    type: StringEnum(SCHEDULE_TYPES),
    interval: Type.Optional(Type.Integer({ minimum: 1, description: 'Every N periods (default 1).' })),
    frequency: Type.Optional(Type.Integer({ minimum: 1, description: 'N visits per period (default 1).' })),
    base_date: Type.Optional(DateString),
    earliest_date: Type.Optional(DateString),
    allowed_days_of_week: Type.Optional(Type.Union([Type.Array(DayOfWeek), Type.Null()])),
    allowed_variance_before: Type.Optional(NonNegativeInteger()),
    allowed_variance_after: Type.Optional(NonNegativeInteger()),
    job_overrides: Type.Optional(Type.Array(ScheduleJobOverride)),
    job_template: Type.Optional(JobTemplate),
    jobs: Type.Optional(Type.Array(NullableJobReference, { description: 'Indexed by ordinal; null = not instantiated yet.' })),
  },
  { $id: 'schedule' },
);

export const Zone = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    boundary: Polygon,
    drivers: Type.Optional(Type.Array(DriverReference)),
    custom: Type.Optional(Custom),
  },
  { $id: 'zone' },
);

export const MetricCountVariance = Type.Object(
  { metric: CapacityMetricReference, variance: NonNegativeNumber() },
  { $id: 'metric_count_variance' },
);

/** Exactly one field is set. */
export const VARIANCE_KINDS = ['stop_count_variance', 'marker_count_variance', 'time_on_site_variance', 'metric_count_variance'] as const;

export const Variance = Type.Object(
  {
    stop_count_variance: Type.Optional(NonNegativeNumber()),
    marker_count_variance: Type.Optional(NonNegativeNumber()),
    time_on_site_variance: Type.Optional(NonNegativeNumber()),
    metric_count_variance: Type.Optional(MetricCountVariance),
  },
  { $id: 'variance', description: 'Exactly one variance kind.' },
);

export type Schedule = Static<typeof Schedule>;
export type Zone = Static<typeof Zone>;
export type Variance = Static<typeof Variance>;
