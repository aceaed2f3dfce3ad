import { Type, type Static } from '@sinclair/typebox';
import { Custom, Id, MAX_AMOUNT, Timespan, TimeWindow } from './common.js';
import { Reference } from './schema.js';

export const CapacityMetric = Type.Object(
  { id: Id, name: Type.Optional(Type.String()) },
  { $id: 'capacity_metric', description: 'Declaring metrics is optional: a load_amount may name a metric nobody declared.' },
);

export const CapacityMetricReference = Reference('capacity_metrics', CapacityMetric, Id);

export const LoadAmount = Type.Object(
  {
    metric: CapacityMetricReference,
    amount: Type.Number({ minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT, description: 'Route capacity, or job load (negative = pickup).' }),
  },
  { $id: 'load_amount', description: 'At most 4 distinct metrics per request; metric unique within one array.' },
);

export const JobType = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    default_time_on_site: Type.Optional(Timespan),
    default_time_window: Type.Optional(TimeWindow),
    custom: Type.Optional(Custom),
  },
  { $id: 'job_type' },
);

export const JobTypeReference = Reference('job_types', JobType, Id);

export type CapacityMetric = Static<typeof CapacityMetric>;
export type LoadAmount = Static<typeof LoadAmount>;
export type JobType = Static<typeof JobType>;
