// Dates are day numbers (days since 1970-01-01) computed with integer arithmetic on the proleptic
// Gregorian calendar, so no timezone or Date object can shift them. Algorithm: H. Hinnant,
// "chrono-Compatible Low-Level Date Algorithms" (days_from_civil / civil_from_days).

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export const DAYS_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

const SECONDS_PER_DAY = 86_400;

// Month and day may be unpadded (`2016-1-18`): the reference API's own requests use that form.
// A midnight time part is accepted because full-request responses echo `route.date` as
// `YYYY-MM-DDT00:00:00`, and such responses are sent back as requests.
const DATE_PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T00:00(?::00(?:\.0{1,7})?)?)?$/;
const DATETIME_PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})T(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function dayNumberFromCivil({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function civilFromDayNumber(dayNumber: number): CivilDate {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function civilDayNumber(yearText: string, monthText: string, dayText: string): number | undefined {
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return dayNumberFromCivil({ year, month, day });
}

/** Day number of `YYYY-M-D` / `YYYY-MM-DD` (optionally `T00:00:00`), or undefined when malformed or not a real day. */
export function parseDate(text: string): number | undefined {
  const match = DATE_PATTERN.exec(text);
  if (match === null) return undefined;
  return civilDayNumber(match[1]!, match[2]!, match[3]!);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

export function formatDate(dayNumber: number): string {
  const { year, month, day } = civilFromDayNumber(dayNumber);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** 1970-01-01 (day 0) was a Thursday. */
export function dayOfWeek(dayNumber: number): DayOfWeek {
  const mondayBased = (((dayNumber + 3) % 7) + 7) % 7;
  return DAYS_OF_WEEK[mondayBased]!;
}

/**
 * Seconds since 1970-01-01T00:00:00 of a zone-less `YYYY-MM-DDTHH:MM[:SS[.fff]]` (local time at
 * the site, never converted), or undefined when malformed.
 */
export function parseDatetime(text: string): number | undefined {
  const match = DATETIME_PATTERN.exec(text);
  if (match === null) return undefined;
  const dayNumber = civilDayNumber(match[1]!, match[2]!, match[3]!);
  if (dayNumber === undefined) return undefined;
  const hours = Number(match[4]);
  const minutes = Number(match[5]);
  const seconds = match[6] === undefined ? 0 : Number(match[6]);
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const fractionMs = match[7] === undefined ? 0 : Math.round(Number(`0.${match[7]}`) * 1000);
  return dayNumber * SECONDS_PER_DAY + hours * 3600 + minutes * 60 + seconds + fractionMs / 1000;
}

/** `YYYY-MM-DDTHH:MM:SS`, rounded to the second on the way out, never a zone. */
export function formatDatetime(secondsSinceEpoch: number): string {
  const total = Math.round(secondsSinceEpoch);
  const dayNumber = Math.floor(total / SECONDS_PER_DAY);
  const secondsOfDay = total - dayNumber * SECONDS_PER_DAY;
  const time = `${pad(Math.floor(secondsOfDay / 3600), 2)}:${pad(Math.floor(secondsOfDay / 60) % 60, 2)}:${pad(secondsOfDay % 60, 2)}`;
  return `${formatDate(dayNumber)}T${time}`;
}
