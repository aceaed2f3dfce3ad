import { parseDatetime } from '../model/formats/date.js';
import { parseTimespan } from '../model/formats/timespan.js';

const secondsPerDay = 86400;

/** Whether `tag` is a well-formed BCP 47 language tag that Intl can format for. */
export function isSupportedLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1 && Intl.NumberFormat.supportedLocalesOf(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * Numbers, money, distances, dates and times as a reader of `locale` writes them. Wire times are
 * zone-less, so every Date here is read in UTC to print them exactly as given.
 */
export class CardFormat {
  private readonly clock: Intl.DateTimeFormat;
  private readonly day: Intl.DateTimeFormat;
  private readonly shortDay: Intl.DateTimeFormat;
  private readonly money: Intl.NumberFormat;
  private readonly plain: Intl.NumberFormat;
  private readonly kilometers: Intl.NumberFormat;
  private readonly meters: Intl.NumberFormat;

  constructor(readonly locale: string) {
    this.clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    this.day = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    this.shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    this.money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    this.plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    this.kilometers = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
    this.meters = new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 });
  }

  number(value: number): string {
    return this.plain.format(value);
  }

  cost(value: number): string {
    return this.money.format(value);
  }

  distance(meters: number): string {
    return meters < 1000 ? this.meters.format(meters) : this.kilometers.format(meters / 1000);
  }

  /** A `YYYY-MM-DD` date, written out. */
  date(text: string): string {
    const seconds = parseDatetime(`${text}T00:00`);
    return seconds === undefined ? text : this.day.format(new Date(seconds * 1000));
  }

  /**
   * The time of day of an arrival: a datetime (with its day when it is not `routeDate`) or a
   * timespan from the route's midnight (with "+n" for the days it runs past midnight).
   */
  time(text: string, routeDate?: string): string {
    const datetime = parseDatetime(text);
    if (datetime !== undefined) {
      const moment = new Date(datetime * 1000);
      const sameDay = routeDate === undefined || text.startsWith(routeDate);
      return sameDay ? this.clock.format(moment) : `${this.shortDay.format(moment)} ${this.clock.format(moment)}`;
    }
    const seconds = parseTimespan(text);
    if (seconds === undefined) return text;
    const days = Math.floor(seconds / secondsPerDay);
    const clock = this.clock.format(new Date((seconds - days * secondsPerDay) * 1000));
    return days > 0 ? `${clock} +${days}` : clock;
  }

  /** A duration as hours and minutes, `1:05 h`, or minutes alone below an hour, `25 min`. */
  duration(text: string): string {
    const seconds = parseTimespan(text) ?? 0;
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return `${minutes} min`;
    return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} h`;
  }
}
