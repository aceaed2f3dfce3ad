import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './schema.js';

// One closed list: settings.critical_violations is validated against it and the evaluator may only
// raise these. Documented names first, then the ones the reference API's pages did not show.
export const VIOLATION_TYPES = [
  'job_missed_time_window',
  'job_missed_date_window',
  'job_delivered_on_disallowed_day',
  'missing_route_attributes',
  'disallowed_route_attributes',
  'missing_driver_attributes',
  'disallowed_driver_attributes',
  'missing_vehicle_attributes',
  'driver_not_in_zone',
  'job_not_in_zone',
  'route_has_no_vehicle',
  'job_forbidden_driver',
  'job_required_driver',
  'vehicle_missing_driver_attributes',
  'missing_pre_job_depot_attributes',
  'missing_post_job_depot_attributes',
  'route_over_capacity',
  'route_max_jobs_exceeded',
  'route_max_working_time_exceeded',
  'route_max_driving_time_exceeded',
  'route_end_time_missed',
  'break_not_placed',
  'linked_stop_order_broken',
  'multiday_limit_exceeded',
] as const;

export const ViolationType = StringEnum(VIOLATION_TYPES, { $id: 'violation_type' });

export const Violation = Type.Object(
  {
    type: ViolationType,
    data: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Type-specific details.' })),
  },
  { $id: 'violation' },
);

export type ViolationType = Static<typeof ViolationType>;
export type Violation = Static<typeof Violation>;
