import { formatDate, type DayOfWeek } from '../../model/formats/date.js';
import type { ResolvedJob, ResolvedProblem, ResolvedSchedule } from '../../model/resolve.js';
import type { DayRange } from '../calendar/day-range.js';
import { recurrenceOf } from '../calendar/schedule-recurrence.js';
import { scheduleInstance } from '../calendar/schedule-instances.js';

/** Where a schedule's job may be served: its ordinal's target range and the schedule's days of the week. */
export interface ScheduleDates {
  schedule: ResolvedSchedule;
  ordinal: number;
  /** undefined when the ordinal is out of range (its target lies before earliest_date): no date fits. */
  range: DayRange | undefined;
  /** The range as violation data (searches price many routes that miss it). */
  bounds: { earliest?: string; latest?: string };
  allowedDaysOfWeek: readonly DayOfWeek[] | null;
}

const cache = new WeakMap<ResolvedProblem, Map<ResolvedJob, ScheduleDates>>();

/** A schedule's earliest_date, else the date of the problem's earliest dated route. */
export function scheduleEarliestDate(problem: ResolvedProblem, schedule: ResolvedSchedule): number | undefined {
  if (schedule.earliest_date !== undefined) return schedule.earliest_date;
  let earliest: number | undefined;
  for (const route of problem.routes) {
    if (route.date !== undefined && (earliest === undefined || route.date < earliest)) earliest = route.date;
  }
  return earliest;
}

/**
 * The date rule of every job a schedule lists (jobs carry no date fields of their own: their
 * dates come from the schedule and the ordinal, RECURRENCE.md). With a base date the range is
 * the ordinal's target ± variance; without one, every target the ordinal could have ± variance,
 * which holds whatever base date is chosen later. Schedules whose earliest date is unknown (no
 * earliest_date and no dated route) constrain nothing.
 */
export function scheduleDatesOf(problem: ResolvedProblem): Map<ResolvedJob, ScheduleDates> {
  let found = cache.get(problem);
  if (found !== undefined) return found;
  found = new Map();
  for (const schedule of problem.schedules) {
    const earliest = scheduleEarliestDate(problem, schedule);
    if (earliest === undefined) continue;
    const recurrence = recurrenceOf(schedule, earliest);
    schedule.jobs.forEach((job, ordinal) => {
      if (job === null || found!.has(job)) return;
      const instance = scheduleInstance(recurrence, ordinal);
      const range = instance?.targetDateRange;
      const bounds = range === undefined ? {} : { earliest: formatDate(range.start), latest: formatDate(range.end) };
      found!.set(job, { schedule, ordinal, range, bounds, allowedDaysOfWeek: recurrence.allowedDaysOfWeek });
    });
  }
  cache.set(problem, found);
  return found;
}
