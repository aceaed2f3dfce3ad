import { straightLineLeg } from '../straight-line.js';
import type { TravelMatrix, TravelOptions, TravelPoint } from '../travel.js';

/** One block of a matrix as an engine answers it: meters and seconds, null where it found no route. */
export interface MatrixBlock {
  distances: (number | null)[][];
  durations: (number | null)[][];
}

/**
 * Assembles an n×n matrix from blocks of at most `blockSize` sources × `blockSize` targets, the
 * size engines accept per request. Pairs the engine could not route are straight-line estimates,
 * marked in `fallback`. Durations are scaled by the driving speed percentage.
 */
export async function blockMatrix(
  points: readonly TravelPoint[],
  options: TravelOptions,
  blockSize: number,
  fetchBlock: (sources: readonly TravelPoint[], targets: readonly TravelPoint[]) => Promise<MatrixBlock>,
): Promise<TravelMatrix> {
  const n = points.length;
  const distances = new Float64Array(n * n);
  const durations = new Float64Array(n * n);
  const fallback = new Uint8Array(n * n);
  const speed = (options.drivingSpeedPercentage ?? 100) / 100;
  let anyFallback = false;
  for (let i0 = 0; i0 < n; i0 += blockSize) {
    for (let j0 = 0; j0 < n; j0 += blockSize) {
      const sources = points.slice(i0, i0 + blockSize);
      const targets = points.slice(j0, j0 + blockSize);
      const block = await fetchBlock(sources, targets);
      sources.forEach((source, a) => {
        targets.forEach((target, b) => {
          const k = (i0 + a) * n + (j0 + b);
          if (i0 + a === j0 + b) return;
          const distance = block.distances[a]?.[b];
          const duration = block.durations[a]?.[b];
          if (typeof distance === 'number' && typeof duration === 'number') {
            distances[k] = distance;
            durations[k] = duration / speed;
          } else {
            const leg = straightLineLeg(source, target, options);
            distances[k] = leg.distance;
            durations[k] = leg.duration;
            fallback[k] = 1;
            anyFallback = true;
          }
        });
      });
    }
  }
  return { size: n, distances, durations, ...(anyFallback ? { fallback } : {}) };
}
