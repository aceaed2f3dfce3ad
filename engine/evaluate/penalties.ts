import type { ViolationType } from '../../model/types/violation.js';

/**
 * What a violation adds to `internal_cost`, in US$ (the table is PENALTIES.md). A hard violation
 * costs far more than any route, so a search never trades one for a shorter drive; on top of it
 * every violation costs per unit of excess, so a search still prefers smaller violations.
 */
const hardViolationPenalty = 100000;

/** US$ per unit of excess: time in seconds (1 US$ a minute), loads per unit, jobs and days each. */
const perUnitOfExcess: Record<ViolationType, number> = {
  job_missed_time_window: 1 / 60,
  job_missed_date_window: 0,
  job_delivered_on_disallowed_day: 0,
  missing_route_attributes: 0,
  disallowed_route_attributes: 0,
  missing_driver_attributes: 0,
  disallowed_driver_attributes: 0,
  missing_vehicle_attributes: 0,
  driver_not_in_zone: 0,
  job_not_in_zone: 0,
  route_has_no_vehicle: 0,
  job_forbidden_driver: 0,
  job_required_driver: 0,
  vehicle_missing_driver_attributes: 0,
  missing_pre_job_depot_attributes: 0,
  missing_post_job_depot_attributes: 0,
  route_over_capacity: 1,
  route_max_jobs_exceeded: 1,
  route_max_working_time_exceeded: 1 / 60,
  route_max_driving_time_exceeded: 1 / 60,
  route_end_time_missed: 1 / 60,
  break_not_placed: 1 / 60,
  linked_stop_order_broken: 0,
  multiday_limit_exceeded: 0,
};

/** Every violation is hard except a missed time window when settings make windows soft. */
export function violationPenalty(type: ViolationType, excess = 0, hard = true): number {
  return (hard ? hardViolationPenalty : 0) + excess * perUnitOfExcess[type];
}
