import type { DayOfWeek } from '../../model/formats/date.js';
import type { ResolvedSchedule } from '../../model/resolve.js';
import type { SCHEDULE_TYPES } from '../../model/types/schedule.js';
import { periodIndex, periodStart, type PeriodUnit } from './calendar-periods.js';
import type { DayRange } from './day-range.js';

export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/**
 * A schedule's recurrence in the terms of RECURRENCE.md: ordinals are numbered in blocks of
 * `interval` calendar periods counted from the period holding `earliestDate`, each block holding
 * `frequency` visits.
 */
export interface Recurrence {
  type: ScheduleType;
  unit: PeriodUnit;
  /** Calendar periods per block. */
  interval: number;
  /** Visits (ordinals) per block. */
  frequency: number;
  baseDate?: number;
  earliestDate: number;
  varianceBefore: number;
  varianceAfter: number;
  /** null = every day. */
  allowedDaysOfWeek: readonly DayOfWeek[] | null;
  /** Absolute index (see periodIndex) of the period holding earliestDate: block 0 starts there. */
  firstPeriod: number;
}

const UNIT_OF_TYPE: Record<ScheduleType, PeriodUnit> = {
  daily: 'day',
  weekly: 'week',
  monthly_by_day_of_week: 'month',
  monthly_by_day_of_month: 'month',
  times_per_week: 'week',
  times_per_month: 'month',
  times_per_year: 'year',
};

function isTimesPerPeriod(type: ScheduleType): boolean {
  return type.startsWith('times_per_');
}

/**
 * The recurrence of a schedule. `interval` counts for daily, weekly and monthly_* schedules and
 * `frequency` for times_per_* ones; each is 1 for the other kind. `earliestDate` is passed in
 * because instantiate requires schedule.earliest_date while build defaults it.
 */
export function recurrenceOf(schedule: ResolvedSchedule, earliestDate: number): Recurrence {
  const unit = UNIT_OF_TYPE[schedule.type];
  const timesPer = isTimesPerPeriod(schedule.type);
  return {
    type: schedule.type,
    unit,
    interval: timesPer ? 1 : (schedule.interval ?? 1),
    frequency: timesPer ? (schedule.frequency ?? 1) : 1,
    baseDate: schedule.base_date,
    earliestDate,
    varianceBefore: schedule.allowed_variance_before ?? 0,
    varianceAfter: schedule.allowed_variance_after ?? 0,
    allowedDaysOfWeek: schedule.allowed_days_of_week ?? null,
    firstPeriod: periodIndex(unit, earliestDate),
  };
}

/** Block b: calendar periods `b·interval` to `b·interval + interval − 1` after the first one. Negative b counts back. */
export function blockDays(recurrence: Recurrence, block: number): DayRange {
  const first = recurrence.firstPeriod + block * recurrence.interval;
  return {
    start: periodStart(recurrence.unit, first),
    end: periodStart(recurrence.unit, first + recurrence.interval) - 1,
  };
}

/** The block holding a day (negative before block 0). */
export function blockOfDay(recurrence: Recurrence, dayNumber: number): number {
  return Math.floor((periodIndex(recurrence.unit, dayNumber) - recurrence.firstPeriod) / recurrence.interval);
}

/** First day of slot `slot` inside a block of `length` days cut into `frequency` slots. */
function slotOffset(slot: number, length: number, frequency: number): number {
  return Math.floor((slot * length) / frequency);
}

/**
 * Slot `slot` (0 ≤ slot < frequency) of a block: the block cut into `frequency` runs of days as
 * even as whole days allow. With more visits than days, a slot that would be empty is the single
 * day where it starts, shared with its neighbour.
 */
export function slotDays(block: DayRange, slot: number, frequency: number): DayRange {
  const length = block.end - block.start + 1;
  const first = slotOffset(slot, length, frequency);
  const last = Math.max(first, slotOffset(slot + 1, length, frequency) - 1);
  return { start: block.start + first, end: block.start + last };
}

/**
 * The slot of a block that holds a day of that block: the last slot starting on or before it.
 * ⌊j·L/F⌋ ≤ offset ⟺ j < (offset + 1)·F/L, so that is ⌈(offset + 1)·F/L⌉ − 1.
 */
export function slotOfDay(block: DayRange, dayNumber: number, frequency: number): number {
  const length = block.end - block.start + 1;
  const offset = dayNumber - block.start;
  return Math.min(frequency - 1, Math.ceil(((offset + 1) * frequency) / length) - 1);
}

/** Where an ordinal's visit may fall before a base date pins it: its slot of its block. */
export function ordinalSlotDays(recurrence: Recurrence, ordinal: number): DayRange {
  const block = Math.floor(ordinal / recurrence.frequency);
  return slotDays(blockDays(recurrence, block), ordinal - block * recurrence.frequency, recurrence.frequency);
}
