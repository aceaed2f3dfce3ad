/**
 * Makes every read of `property` on each of `objects` count, for tests that bound how often code
 * reads it (and so how often it does the work that reads it). Set `reads` to 0 to count afresh.
 */
export function countReads<T extends object>(objects: readonly T[], property: keyof T): { reads: number } {
  const counter = { reads: 0 };
  for (const object of objects) {
    const value = object[property];
    Object.defineProperty(object, property, {
      get: () => {
        counter.reads++;
        return value;
      },
    });
  }
  return counter;
}
