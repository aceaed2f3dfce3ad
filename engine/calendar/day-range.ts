/** An inclusive range of day numbers (days since 1970-01-01), as the interface's `date_range`. */
export interface DayRange {
  start: number;
  end: number;
}

export function rangeContains(range: DayRange, dayNumber: number): boolean {
  return range.start <= dayNumber && dayNumber <= range.end;
}

/** Every day of the range, in order. */
export function daysOf(range: DayRange): number[] {
  return Array.from({ length: Math.max(0, range.end - range.start + 1) }, (_, offset) => range.start + offset);
}
