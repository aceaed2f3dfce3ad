import { civilFromDayNumber, dayNumberFromCivil } from '../../model/formats/date.js';

/** Calendar periods recurrences count in. Weeks run Sunday to Saturday (see RECURRENCE.md). */
export type PeriodUnit = 'day' | 'week' | 'month' | 'year';

// Day 0 (1970-01-01) is a Thursday, so the Sunday that starts its week is day -4.
const SUNDAY_BEFORE_EPOCH = -4;

/**
 * The absolute index of the period holding a day: the day itself, the Sunday-week since the one
 * of 1970-01-01, the month since year 0 (`year * 12 + month - 1`), or the year.
 */
export function periodIndex(unit: PeriodUnit, dayNumber: number): number {
  switch (unit) {
    case 'day':
      return dayNumber;
    case 'week':
      return Math.floor((dayNumber - SUNDAY_BEFORE_EPOCH) / 7);
    case 'month': {
      const { year, month } = civilFromDayNumber(dayNumber);
      return year * 12 + month - 1;
    }
    case 'year':
      return civilFromDayNumber(dayNumber).year;
  }
}

/** The first day of the period with this absolute index. */
export function periodStart(unit: PeriodUnit, index: number): number {
  switch (unit) {
    case 'day':
      return index;
    case 'week':
      return SUNDAY_BEFORE_EPOCH + index * 7;
    case 'month':
      return dayNumberFromCivil({ year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1, day: 1 });
    case 'year':
      return dayNumberFromCivil({ year: index, month: 1, day: 1 });
  }
}
