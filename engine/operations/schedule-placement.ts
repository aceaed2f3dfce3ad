import { formatDate } from '../../model/formats/date.js';
import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ScheduleResponse } from '../../model/types/responses.js';
import { recurrenceOf, ordinalSlotDays } from '../calendar/schedule-recurrence.js';
import { scheduleInstance } from '../calendar/schedule-instances.js';
import { scheduleEarliestDate } from '../evaluate/schedule-dates.js';

/** Where a schedule's job may land on a route: `fixes` is the schedule_response when the placement chooses the base date. */
export type SchedulePlacement = { allowed: true; fixes?: ScheduleResponse } | { allowed: false };

/**
 * What putting `job` on `route` means for the schedule it belongs to (notes §5.8, §7.7; the
 * rules are engine/calendar/RECURRENCE.md). A job of no schedule, or a route without a date, is
 * unaffected. With a base date the route's date must lie in the ordinal's target range. Without
 * one, the date must lie in the range of every possible target (the evaluator's date rule,
 * engine/evaluate/schedule-dates.ts, checks the same ranges), and the placement fixes the base
 * date: the day of the ordinal's slot nearest the route's date (a base date in an ordinal's own
 * slot targets exactly that day, so a date inside the slot is hit exactly and one outside it is
 * reached through the variance). Other jobs of the schedule already placed are not consulted.
 */
export function schedulePlacement(problem: ResolvedProblem, job: ResolvedJob, route: ResolvedRoute): SchedulePlacement {
  const date = route.date;
  if (date === undefined) return { allowed: true };
  for (const schedule of problem.schedules) {
    const ordinal = schedule.jobs.indexOf(job);
    if (ordinal < 0) continue;
    const earliest = scheduleEarliestDate(problem, schedule);
    if (earliest === undefined) return { allowed: true };
    const recurrence = recurrenceOf(schedule, earliest);
    const instance = scheduleInstance(recurrence, ordinal);
    if (instance === undefined || date < instance.targetDateRange.start || date > instance.targetDateRange.end) return { allowed: false };
    if (schedule.base_date !== undefined) return { allowed: true };
    const slot = ordinalSlotDays(recurrence, ordinal);
    const baseDate = Math.min(Math.max(date, slot.start, earliest), slot.end);
    return { allowed: true, fixes: { id: schedule.id, ...(schedule.name !== undefined ? { name: schedule.name } : {}), base_date: formatDate(baseDate) } };
  }
  return { allowed: true };
}
