import { formatDate } from '../../model/formats/date.js';
import type { ResolvedJob, ResolvedProblem, ResolvedRoute, ResolvedSchedule } from '../../model/resolve.js';
import type { ScheduleResponse } from '../../model/types/responses.js';
import { rangeContains } from '../calendar/day-range.js';
import { recurrenceOf, ordinalSlotDays, type Recurrence } from '../calendar/schedule-recurrence.js';
import { scheduleInstance } from '../calendar/schedule-instances.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import { scheduleEarliestDate } from '../evaluate/schedule-dates.js';

/** Where a schedule's job may land on a route: `fixes` is the schedule_response when the placement chooses the base date. */
export type SchedulePlacement = { allowed: true; fixes?: ScheduleResponse } | { allowed: false };

/** Whether ordinal `ordinal` of a recurrence may be served on `date`. */
function lands(recurrence: Recurrence, ordinal: number, date: number): boolean {
  const instance = scheduleInstance(recurrence, ordinal);
  return instance !== undefined && rangeContains(instance.targetDateRange, date);
}

/** The dates the schedule's other jobs are served on now: ordinal → route date. */
function placedOrdinals(problem: ResolvedProblem, schedule: ResolvedSchedule, job: ResolvedJob): Map<number, number> {
  const placed = new Map<number, number>();
  for (const route of problem.routes) {
    if (route.date === undefined) continue;
    for (const other of routeJobs(route)) {
      const ordinal = other === job ? -1 : schedule.jobs.indexOf(other);
      if (ordinal >= 0) placed.set(ordinal, route.date);
    }
  }
  return placed;
}

/**
 * The base date that serves `ordinal` on `date` and keeps the schedule's other placed jobs inside
 * their ranges, its target nearest `date`; undefined when none does. A base date inside the
 * ordinal's own slot targets exactly that day, so trying each day of the slot tries every target.
 */
function consistentBaseDate(
  recurrence: Recurrence,
  ordinal: number,
  date: number,
  placed: ReadonlyMap<number, number>,
): number | undefined {
  const slot = ordinalSlotDays(recurrence, ordinal);
  let best: number | undefined;
  for (let baseDate = Math.max(slot.start, recurrence.earliestDate); baseDate <= slot.end; baseDate++) {
    const anchored = { ...recurrence, baseDate };
    if (!lands(anchored, ordinal, date) || ![...placed].every(([other, day]) => lands(anchored, other, day))) continue;
    if (best === undefined || Math.abs(baseDate - date) < Math.abs(best - date)) best = baseDate;
  }
  return best;
}

/**
 * What putting `job` on `route` means for the schedule it belongs to (the
 * rules are engine/calendar/RECURRENCE.md). A job of no schedule, or a route without a date, is
 * unaffected. With a base date the route's date must lie in the ordinal's target range (the
 * evaluator's date rule, engine/evaluate/schedule-dates.ts, checks the same range). Without one,
 * the placement fixes the base date: the one that serves the job on the route's date, keeps the
 * schedule's jobs already on dated routes inside their ranges, and targets the day nearest the
 * route's date; a date no base date allows is not allowed.
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
    if (schedule.base_date !== undefined) return lands(recurrence, ordinal, date) ? { allowed: true } : { allowed: false };
    const baseDate = consistentBaseDate(recurrence, ordinal, date, placedOrdinals(problem, schedule, job));
    if (baseDate === undefined) return { allowed: false };
    return {
      allowed: true,
      fixes: { id: schedule.id, ...(schedule.name !== undefined ? { name: schedule.name } : {}), base_date: formatDate(baseDate) },
    };
  }
  return { allowed: true };
}
