/**
 * Route weights are one exact integer in a float64: duration in tenths of a second in the high
 * part, distance in decimeters in the low 26 bits. Comparing keys compares duration first and
 * breaks ties by distance, so every shortest-path algorithm here (contraction hierarchies,
 * plain Dijkstra) settles on the same duration *and* distance. Sums stay exact below 2^53,
 * i.e. for routes shorter than 6,710 km and 155 days.
 */

export const distanceBits = 26;
export const distanceScale = 2 ** distanceBits;
export const decisecondsPerSecond = 10;
export const decimetersPerMeter = 10;

export function weightKey(durationDeciseconds: number, distanceDecimeters: number): number {
  return durationDeciseconds * distanceScale + distanceDecimeters;
}

export function keyDurationSeconds(key: number): number {
  return Math.floor(key / distanceScale) / decisecondsPerSecond;
}

export function keyDistanceMeters(key: number): number {
  // The same as key % distanceScale for these integer keys (every step is exact), without the
  // floating-point remainder, which costs about three times as much in a matrix's assembly.
  return (key - Math.floor(key / distanceScale) * distanceScale) / decimetersPerMeter;
}

/** The key for the first `fraction` of an edge whose full key is `key`, rounded per component. */
export function partialKey(key: number, fraction: number): number {
  const duration = Math.floor(key / distanceScale);
  const distance = key % distanceScale;
  return weightKey(Math.round(duration * fraction), Math.round(distance * fraction));
}
