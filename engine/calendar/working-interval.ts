import type { ResolvedProblemDefaults } from '../../model/resolve.js';

const SECONDS_PER_DAY = 86_400;

/** The fields of a route or a shift that bound its working time, in seconds from midnight. */
export interface WorkingTimes {
  start_time?: number;
  end_time?: number;
  max_working_time?: number;
}

/** A span of working time in seconds since 1970-01-01T00:00, start inclusive, end exclusive. */
export interface WorkingInterval {
  start: number;
  end: number;
}

/**
 * When a route (or a shift placed on a day) may work: from its start time to its end time, with
 * settings.defaults filling the gaps; without any end, start + max_working_time, else midnight.
 * Times past 24:00 run into the next day, so a night shift meets the next morning's route.
 */
export function workingInterval(times: WorkingTimes, dayNumber: number, defaults: ResolvedProblemDefaults): WorkingInterval {
  const start = times.start_time ?? defaults.start_time ?? 0;
  const maxWorking = times.max_working_time ?? defaults.max_working_time;
  const end = times.end_time ?? defaults.end_time ?? (maxWorking === undefined ? SECONDS_PER_DAY : start + maxWorking);
  const dayStart = dayNumber * SECONDS_PER_DAY;
  return { start: dayStart + start, end: dayStart + Math.max(start, end) };
}

/** Two spans share working time; spans that only touch (one ends as the other starts) do not, but an instant inside a span does. */
export function intervalsOverlap(a: WorkingInterval, b: WorkingInterval): boolean {
  return (a.start < b.end && b.start < a.end) || a.start === b.start;
}
