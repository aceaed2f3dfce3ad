import { DAYS_OF_WEEK, formatDate, parseDate, type DayOfWeek } from '../../model/formats/date.js';
import { formatTimespan, parseTimespan } from '../../model/formats/timespan.js';
import { formatLatLon } from '../../model/latlon.js';
import type { RowFault } from '../connector.js';
import type { SourceRow } from './table-columns.js';

/**
 * Reads typed cells of one row, recording a RowFault per bad cell instead of throwing, so that
 * every fault of a row is reported at once. A row with any fault is left out of the problem.
 */
export class RowReader {
  readonly faults: RowFault[] = [];

  constructor(
    private readonly source: string,
    private readonly row: SourceRow,
  ) {}

  get ok(): boolean {
    return this.faults.length === 0;
  }

  fault(column: string | undefined, message: string): void {
    this.faults.push({ source: this.source, line: this.row.line, ...(column === undefined ? {} : { column }), message });
  }

  /** The trimmed cell; empty and missing cells are undefined. */
  text(column: string): string | undefined {
    const value = this.row.cells[column]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  required(column: string): string | undefined {
    const value = this.text(column);
    if (value === undefined) this.fault(column, `${column} is required`);
    return value;
  }

  number(column: string, { integer = false, minimum = 0 } = {}): number | undefined {
    const value = this.text(column);
    if (value === undefined) return undefined;
    const parsed = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isNaN(parsed) || (integer && !Number.isInteger(parsed)) || parsed < minimum) {
      this.fault(column, `"${value}" is not ${integer ? 'an integer' : 'a number'} of at least ${minimum}`);
      return undefined;
    }
    return parsed;
  }

  /** A date, normalized to YYYY-MM-DD. */
  date(column: string): string | undefined {
    const value = this.text(column);
    if (value === undefined) return undefined;
    const day = parseDate(value);
    if (day === undefined) {
      this.fault(column, `"${value}" is not a date (YYYY-MM-DD)`);
      return undefined;
    }
    return formatDate(day);
  }

  /** A timespan, normalized to hh:mm:ss. */
  timespan(column: string): string | undefined {
    const value = this.text(column);
    if (value === undefined) return undefined;
    const seconds = parseTimespan(value);
    if (seconds === undefined || seconds < 0) {
      this.fault(column, `"${value}" is not a time (hh:mm[:ss])`);
      return undefined;
    }
    return formatTimespan(seconds);
  }

  /** `a;b;c` → ['a', 'b', 'c'] (blank items dropped). */
  list(column: string): string[] | undefined {
    const value = this.text(column);
    if (value === undefined) return undefined;
    return value
      .split(';')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }

  daysOfWeek(column: string): DayOfWeek[] | undefined {
    const items = this.list(column);
    if (items === undefined) return undefined;
    const days = items.map((item) => item.toLowerCase());
    const bad = days.filter((day) => !(DAYS_OF_WEEK as readonly string[]).includes(day));
    if (bad.length > 0) {
      this.fault(column, `"${bad.join(';')}" is not a day of week (${DAYS_OF_WEEK.join(', ')})`);
      return undefined;
    }
    return days as DayOfWeek[];
  }

  oneOf<T extends string>(column: string, allowed: readonly T[]): T | undefined {
    const value = this.text(column);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      this.fault(column, `"${value}" is not one of ${allowed.join(', ')}`);
      return undefined;
    }
    return value as T;
  }

  /** `lat` and `lon` columns → "lat,lon"; both or neither. */
  latLon(): string | undefined {
    const latText = this.text('lat');
    const lonText = this.text('lon');
    if (latText === undefined && lonText === undefined) return undefined;
    if (latText === undefined || lonText === undefined) {
      this.fault(latText === undefined ? 'lat' : 'lon', 'lat and lon go together: give both or neither');
      return undefined;
    }
    const lat = this.coordinate('lat', latText, 90);
    const lon = this.coordinate('lon', lonText, 180);
    return lat === undefined || lon === undefined ? undefined : formatLatLon({ lat, lon });
  }

  /** Both ends of a window (`<prefix>_start`, `<prefix>_end`) or neither; end not before start. */
  timeWindow(prefix: string): { start: string; end: string } | undefined {
    const startColumn = `${prefix}_start`;
    const endColumn = `${prefix}_end`;
    const start = this.timespan(startColumn);
    const end = this.timespan(endColumn);
    const startGiven = this.text(startColumn) !== undefined;
    const endGiven = this.text(endColumn) !== undefined;
    if (startGiven !== endGiven) {
      this.fault(startGiven ? endColumn : startColumn, `${startColumn} and ${endColumn} go together: give both or neither`);
      return undefined;
    }
    if (start === undefined || end === undefined) return undefined;
    if (parseTimespan(end)! < parseTimespan(start)!) {
      this.fault(endColumn, `${endColumn} ${end} is before ${startColumn} ${start}`);
      return undefined;
    }
    return { start, end };
  }

  private coordinate(column: string, text: string, limit: number): number | undefined {
    const value = /^-?\d{1,3}(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(value) || Math.abs(value) > limit) {
      this.fault(column, `"${text}" is not a ${column === 'lat' ? 'latitude' : 'longitude'} (decimal degrees, at most ±${limit})`);
      return undefined;
    }
    return value;
  }
}
