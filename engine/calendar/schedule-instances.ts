import { dayOfWeek } from '../../model/formats/date.js';
import { baseDateTarget } from './base-date-target.js';
import { rangeContains, type DayRange } from './day-range.js';
import { blockDays, blockOfDay, ordinalSlotDays, type Recurrence } from './schedule-recurrence.js';

/** One visit of a schedule: what instantiate reports in schedule_job_response. */
export interface ScheduleInstance {
  ordinal: number;
  /** Only when the schedule has a base date. */
  targetDate?: number;
  /** Where the visit may land: target ± variance, or every possible target ± variance; never before earliest_date. */
  targetDateRange: DayRange;
  /** The day that decides which instantiate window the visit belongs to: the target, or the first possible target. */
  anchor: number;
}

function allowsSomeDay(range: DayRange, allowed: Recurrence['allowedDaysOfWeek']): boolean {
  if (allowed === null) return true;
  // A week holds every weekday, so looking further than seven days changes nothing.
  for (let day = range.start; day <= Math.min(range.end, range.start + 6); day++) {
    if (allowed.includes(dayOfWeek(day))) return true;
  }
  return false;
}

/**
 * The visit of an ordinal, or undefined when it is out of range: its target (or, without a base
 * date, every possible target) lies before earliest_date, or its range holds no allowed day of the week.
 */
export function scheduleInstance(recurrence: Recurrence, ordinal: number): ScheduleInstance | undefined {
  const { earliestDate, varianceBefore, varianceAfter, baseDate } = recurrence;
  let instance: ScheduleInstance;
  if (baseDate !== undefined) {
    const target = baseDateTarget(recurrence, baseDate, ordinal);
    if (target < earliestDate) return undefined;
    instance = {
      ordinal,
      targetDate: target,
      targetDateRange: { start: Math.max(earliestDate, target - varianceBefore), end: target + varianceAfter },
      anchor: target,
    };
  } else {
    const slot = ordinalSlotDays(recurrence, ordinal);
    if (slot.end < earliestDate) return undefined;
    instance = {
      ordinal,
      targetDateRange: { start: Math.max(earliestDate, slot.start - varianceBefore), end: slot.end + varianceAfter },
      anchor: Math.max(earliestDate, slot.start),
    };
  }
  return allowsSomeDay(instance.targetDateRange, recurrence.allowedDaysOfWeek) ? instance : undefined;
}

/**
 * The visits anchored inside a window, by ordinal. An anchor lies inside its own block, so the
 * search starts at the block holding the window's first day and stops after its last.
 */
export function instancesAnchoredIn(recurrence: Recurrence, window: DayRange): ScheduleInstance[] {
  const found: ScheduleInstance[] = [];
  for (let block = Math.max(0, blockOfDay(recurrence, window.start)); blockDays(recurrence, block).start <= window.end; block++) {
    for (let slot = 0; slot < recurrence.frequency; slot++) {
      const instance = scheduleInstance(recurrence, block * recurrence.frequency + slot);
      if (instance !== undefined && rangeContains(window, instance.anchor)) found.push(instance);
    }
  }
  return found;
}
