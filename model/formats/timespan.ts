// Wire format `[-][d.]hh:mm[:ss[.fff]]`. Hours may exceed 23 when no day part is given (`27:00` is
// one day and three hours); with a day part they must be 0..23, as in .NET, so `1.27:00` is
// rejected rather than guessed. Up to 7 fraction digits are accepted (.NET round-trip output).
const TIMESPAN_PATTERN = /^(-)?(?:(\d{1,7})\.)?(\d{1,9}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,7}))?)?$/;


/** Seconds (possibly fractional, possibly negative) for a timespan string, or undefined when malformed. */
export function parseTimespan(text: string): number | undefined {
  const match = TIMESPAN_PATTERN.exec(text);
  if (match === null) return undefined;
  const [, sign, daysText, hoursText, minutesText, secondsText, fractionText] = match;
  const days = daysText === undefined ? 0 : Number(daysText);
  const hours = Number(hoursText);
  const minutes = Number(minutesText);
  const seconds = secondsText === undefined ? 0 : Number(secondsText);
  if (minutes > 59 || seconds > 59) return undefined;
  if (daysText !== undefined && hours > 23) return undefined;
  // Work in whole milliseconds so that values round-trip exactly through formatTimespan.
  const fractionMs = fractionText === undefined ? 0 : Math.round(Number(`0.${fractionText}`) * 1000);
  const totalMs = (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + fractionMs;
  if (!Number.isSafeInteger(totalMs)) return undefined;
  const magnitude = totalMs / 1000;
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * `hh:mm:ss` with the hours running past 23 instead of a day part (`27:00:00`, `100:00:00`), so
 * that every client that reads `hh:mm:ss` reads every value. Negative values get a leading `-`
 * (`-01:30:00`). Fractions are rounded to the millisecond and printed only when non-zero
 * (`00:00:30.500`).
 */
export function formatTimespan(seconds: number): string {
  const totalMs = Math.round(Math.abs(seconds) * 1000);
  const sign = seconds < 0 && totalMs !== 0 ? '-' : '';
  const ms = totalMs % 1000;
  const totalSeconds = (totalMs - ms) / 1000;
  const secs = totalSeconds % 60;
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const hours = Math.floor(totalSeconds / 3600);
  const fraction = ms === 0 ? '' : `.${String(ms).padStart(3, '0')}`;
  return `${sign}${pad2(hours)}:${pad2(minutes)}:${pad2(secs)}${fraction}`;
}
