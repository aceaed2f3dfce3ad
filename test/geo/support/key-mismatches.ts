/** A cell where two key matrices differ (a key absent from the shorter one is undefined). */
export interface KeyMismatch {
  row: number;
  column: number;
  actual: number | undefined;
  expected: number | undefined;
}

/**
 * The first `limit` cells (row by row, `columns` keys a row) where two key matrices differ, with
 * toEqual's sense of a number (Object.is: NaN equals NaN, 0 is not -0): none when they agree.
 * `expect(keyMismatches(...)).toEqual([])` checks in one pass what toEqual on the two arrays
 * checks element by element through its generic iteration, which took most of a second on the
 * grid suite's 40 x 40 matrices, and names the cells that differ.
 */
export function keyMismatches(actual: Float64Array, expected: Float64Array, columns: number, limit = 5): KeyMismatch[] {
  const mismatches: KeyMismatch[] = [];
  const cells = Math.max(actual.length, expected.length);
  for (let cell = 0; cell < cells && mismatches.length < limit; cell++) {
    const [a, e] = [actual[cell], expected[cell]];
    if (cell < actual.length && cell < expected.length && Object.is(a, e)) continue;
    mismatches.push({ row: Math.floor(cell / columns), column: cell % columns, actual: a, expected: e });
  }
  return mismatches;
}
