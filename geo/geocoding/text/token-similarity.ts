/**
 * How alike two canonical tokens are, from 0 to 1: equal tokens 1, one typo (insertion,
 * deletion, substitution or swap of neighbours) a little less, an abbreviation by prefix less
 * again. Short tokens get no typo allowance: "rue" and "rua" are different words.
 */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  // Numbers are exact or different: 1945 is no typo of 1946.
  if (/\d/.test(a) || /\d/.test(b)) return 0;
  const shorter = Math.min(a.length, b.length);
  const longer = Math.max(a.length, b.length);
  const allowed = shorter >= 8 ? 2 : shorter >= 4 ? 1 : 0;
  if (allowed > 0 && longer - shorter <= allowed) {
    const distance = editDistance(a, b, allowed);
    if (distance <= allowed) return distance === 1 ? 0.85 : 0.7;
  }
  // A query word cut short ("princ" for "princesse") still points at the word.
  if (shorter >= 3 && (a.startsWith(b) || b.startsWith(a))) return 0.6;
  return 0;
}

/** Optimal-string-alignment distance, giving up (returning limit + 1) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  let beforePrevious = new Array<number>(columns).fill(0);
  let previous = Array.from({ length: columns }, (_, j) => j);
  let current = new Array<number>(columns).fill(0);
  for (let i = 1; i < rows; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[columns - 1]!;
}
