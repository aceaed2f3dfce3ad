import { formatDate, parseDate } from '../model/formats/date.js';
import type { DateRange } from '../model/types/common.js';

/** The calendar date (`YYYY-MM-DD`) of an instant in an IANA zone; throws a RangeError for an unknown zone. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string): string => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** True when `timeZone` names a zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    localDate(new Date(0), timeZone);
    return true;
  } catch {
    return false;
  }
}

export function addDays(date: string, days: number): string {
  const day = parseDate(date);
  if (day === undefined) throw new RangeError(`"${date}" is not a date YYYY-MM-DD`);
  return formatDate(day + days);
}

/** The first day a run plans: its local date plus `offsetDays` (1 = the next day, the nightly default). */
export function planStartDate(startedAt: Date, timeZone: string, offsetDays: number): string {
  return addDays(localDate(startedAt, timeZone), offsetDays);
}

/** The inclusive range of `days` days from `start`. */
export function planRange(start: string, days: number): DateRange {
  return { start, end: addDays(start, days - 1) };
}
