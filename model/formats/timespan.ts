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
 * The wire form of every timespan in a response: `[-][d.]hh:mm:ss` in whole seconds, as the
 * compatible API (a .NET service) prints a TimeSpan: `00:30:32`, `1.03:00:00` for 27 hours,
 * `-01:30:00`. Values are rounded to the second only here, on the way out; everything inside keeps
 * its full precision. `parseTimespan` reads every form this prints.
 */
export function formatTimespan(seconds: number): string {
  const total = Math.round(Math.abs(seconds));
  const sign = seconds < 0 && total !== 0 ? '-' : '';
  const secs = total % 60;
  const minutes = Math.floor(total / 60) % 60;
  const totalHours = Math.floor(total / 3600);
  const days = Math.floor(totalHours / 24);
  return `${sign}${days > 0 ? `${days}.` : ''}${pad2(totalHours % 24)}:${pad2(minutes)}:${pad2(secs)}`;
}
