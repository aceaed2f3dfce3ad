import { civilFromDayNumber, dayOfWeek, daysInMonth, DAYS_OF_WEEK } from '../../model/formats/date.js';
import { periodIndex, periodStart } from './calendar-periods.js';
import { blockDays, blockOfDay, ordinalSlotDays, slotDays, slotOfDay, type Recurrence } from './schedule-recurrence.js';

function modulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

/** daily and weekly: the day of the block in step with the base date (blocks are whole multiples of the step). */
function steppedTarget(recurrence: Recurrence, block: number, baseDate: number): number {
  const days = blockDays(recurrence, block);
  return days.start + modulo(baseDate - days.start, days.end - days.start + 1);
}

/** monthly_*: the month of the block in step with the base date's month. */
function monthInStep(recurrence: Recurrence, block: number, baseDate: number): number {
  const firstMonth = recurrence.firstPeriod + block * recurrence.interval;
  return firstMonth + modulo(periodIndex('month', baseDate) - firstMonth, recurrence.interval);
}

function lastDayOfMonth(monthIndex: number): number {
  return periodStart('month', monthIndex + 1) - 1;
}

/** The base date's day of the month, or the month's last day when the month is shorter. */
function sameDayOfMonth(monthIndex: number, baseDate: number): number {
  const { day } = civilFromDayNumber(baseDate);
  const start = periodStart('month', monthIndex);
  const { year, month } = civilFromDayNumber(start);
  return start + Math.min(day, daysInMonth(year, month)) - 1;
}

function weekdayIndex(dayNumber: number): number {
  return DAYS_OF_WEEK.indexOf(dayOfWeek(dayNumber));
}

/** The base date's n-th weekday of the month (2nd Tuesday), or the last such weekday when the month has no n-th. */
function sameWeekdayOfMonth(monthIndex: number, baseDate: number): number {
  const nth = Math.ceil(civilFromDayNumber(baseDate).day / 7);
  const start = periodStart('month', monthIndex);
  const first = start + modulo(weekdayIndex(baseDate) - weekdayIndex(start), 7);
  const candidate = first + (nth - 1) * 7;
  return candidate > lastDayOfMonth(monthIndex) ? candidate - 7 : candidate;
}

/**
 * times_per_*: the base date sits at some offset inside its slot of its own period; every visit
 * keeps that offset inside its own slot (cut short to the slot's last day).
 */
function sameSlotOffset(recurrence: Recurrence, ordinal: number, baseDate: number): number {
  const baseBlock = blockDays(recurrence, blockOfDay(recurrence, baseDate));
  const baseSlot = slotDays(baseBlock, slotOfDay(baseBlock, baseDate, recurrence.frequency), recurrence.frequency);
  const slot = ordinalSlotDays(recurrence, ordinal);
  return slot.start + Math.min(baseDate - baseSlot.start, slot.end - slot.start);
}

/** The target date of an ordinal of a schedule with a base date (RECURRENCE.md, "With a base date"). */
export function baseDateTarget(recurrence: Recurrence, baseDate: number, ordinal: number): number {
  const block = Math.floor(ordinal / recurrence.frequency);
  switch (recurrence.type) {
    case 'daily':
    case 'weekly':
      return steppedTarget(recurrence, block, baseDate);
    case 'monthly_by_day_of_month':
      return sameDayOfMonth(monthInStep(recurrence, block, baseDate), baseDate);
    case 'monthly_by_day_of_week':
      return sameWeekdayOfMonth(monthInStep(recurrence, block, baseDate), baseDate);
    case 'times_per_week':
    case 'times_per_month':
    case 'times_per_year':
      return sameSlotOffset(recurrence, ordinal, baseDate);
  }
}
