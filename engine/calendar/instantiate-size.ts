import type { ResolvedDriver, ResolvedProblem, ResolvedShiftPattern } from '../../model/resolve.js';
import type { InstantiateOptions } from './instantiate.js';
import { blockOfDay, recurrenceOf } from './schedule-recurrence.js';

/** The longest day of each pattern, computed once per pattern however many drivers follow it. */
function longestDays(problem: ResolvedProblem): Map<ResolvedShiftPattern, number> {
  const longest = new Map<ResolvedShiftPattern, number>();
  for (const pattern of problem.shift_patterns)
    longest.set(
      pattern,
      pattern.shifts.reduce((most, day) => Math.max(most, day.length), 0),
    );
  return longest;
}

/** Most shifts a driver can work on one day: all its overrides of a day, or the longest day of its patterns. */
function maxShiftsPerDay(driver: ResolvedDriver, problem: ResolvedProblem, longest: Map<ResolvedShiftPattern, number>): number {
  const patternDay = driver.shift_patterns.reduce((most, assignment) => Math.max(most, longest.get(assignment.shift_pattern) ?? 0), 0);
  const companyOverrides = driver.shift_patterns.length > 0 ? problem.shift_overrides.length : 0;
  return Math.max(driver.shift_overrides.length, companyOverrides, patternDay);
}

/**
 * An upper bound of what instantiate makes and walks, from the request alone and before any of it
 * is made: routes (days × the most shifts a driver works a day), visits examined (blocks the
 * window touches × visits per block) and, with `return_request`, the schedule job lists padded up
 * to the last ordinal.
 */
export function instantiateWorkBound(problem: ResolvedProblem, options: InstantiateOptions): number {
  const end = options.startDate + options.numDays - 1;
  let bound = 0;
  if (options.generateRoutes) {
    const longest = longestDays(problem);
    for (const driver of problem.drivers) bound += options.numDays * maxShiftsPerDay(driver, problem, longest);
  }
  if (options.generateJobs) {
    for (const schedule of problem.schedules) {
      if (schedule.earliest_date === undefined) continue;
      const recurrence = recurrenceOf(schedule, schedule.earliest_date);
      const lastBlock = blockOfDay(recurrence, end);
      bound += Math.max(0, lastBlock - Math.max(0, blockOfDay(recurrence, options.startDate)) + 1) * recurrence.frequency;
      if (problem.return_request) bound += Math.max(0, lastBlock + 1) * recurrence.frequency;
    }
  }
  return bound;
}
