import type { ResolvedDriver, ResolvedShift, ResolvedShiftOverride, ResolvedShiftPatternAssignment } from '../../model/resolve.js';

function overridesOn(overrides: readonly ResolvedShiftOverride[], dayNumber: number): ResolvedShiftOverride[] {
  return overrides.filter((override) => override.start_date <= dayNumber && dayNumber <= override.end_date);
}

/** Every override of the day adds its shift; a day whose overrides all have `shift: null` is a day off. */
function overrideShifts(overrides: readonly ResolvedShiftOverride[]): ResolvedShift[] {
  return overrides.flatMap((override) => (override.shift === null ? [] : [override.shift]));
}

/**
 * The assignment in effect on a day. When assignments overlap, the one that started last wins (a
 * new pattern replaces an open-ended old one); on the same start date, the later in the list.
 */
function assignmentOn(
  assignments: readonly ResolvedShiftPatternAssignment[],
  dayNumber: number,
): ResolvedShiftPatternAssignment | undefined {
  let current: ResolvedShiftPatternAssignment | undefined;
  for (const assignment of assignments) {
    const covers = assignment.start_date <= dayNumber && (assignment.end_date === undefined || dayNumber <= assignment.end_date);
    if (covers && (current === undefined || assignment.start_date >= current.start_date)) current = assignment;
  }
  return current;
}

/** The pattern's day for a date: the pattern's first day falls on the assignment's start date and the pattern repeats. */
function patternShifts(assignment: ResolvedShiftPatternAssignment, dayNumber: number): ResolvedShift[] {
  const days = assignment.shift_pattern.shifts;
  return days[(dayNumber - assignment.start_date) % days.length]!;
}

/**
 * The shifts a driver works on a day, in order (RECURRENCE.md, "Shifts of a driver on a day"):
 * the driver's own overrides of that day if any; else, while an assignment is in effect, the
 * problem-level overrides of that day if any, else the assignment's pattern day; else none.
 */
export function driverShiftsOn(
  driver: ResolvedDriver,
  problemOverrides: readonly ResolvedShiftOverride[],
  dayNumber: number,
): ResolvedShift[] {
  const driverOverrides = overridesOn(driver.shift_overrides, dayNumber);
  if (driverOverrides.length > 0) return overrideShifts(driverOverrides);
  const assignment = assignmentOn(driver.shift_patterns, dayNumber);
  if (assignment === undefined) return [];
  const companyOverrides = overridesOn(problemOverrides, dayNumber);
  if (companyOverrides.length > 0) return overrideShifts(companyOverrides);
  return patternShifts(assignment, dayNumber);
}
