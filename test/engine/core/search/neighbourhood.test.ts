import { buildInstance } from '../../../../engine/core/compiled/build-instance.js';
import { granularNeighbourhood, JobRanking, NEIGHBOURHOOD_BLOCK } from '../../../../engine/core/search/neighbourhood.js';
import { tinyInstance } from '../tiny-instances.js';

/** Jobs on a line at the given x, each with its window; the depot at 0 has the whole day. */
function lineInstance(jobs: { x: number; window: [number, number] }[]) {
  const xs = [0, ...jobs.map((job) => job.x)];
  const n = xs.length;
  const distance = new Float64Array(n * n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) distance[a * n + b] = Math.abs(xs[a]! - xs[b]!);
  return buildInstance({
    nodeCount: n,
    jobs: jobs.map((_, i) => i + 1),
    distance,
    serviceTime: Array.from({ length: n }, (_, i) => (i === 0 ? 0 : 5)),
    timeWindows: [[0, 1000], ...jobs.map((job) => job.window)],
    demand: Array.from({ length: n }, () => [0]),
    vehicleTypes: [{ count: 2, start: 0, end: 0, shiftStart: 0, shiftEnd: 1000, capacity: [10] }],
  });
}

describe('job ranking', () => {
  it('ranks by distance, or by proximity in space and time', () => {
    // Job 2 is next to job 1 but due 500 later; job 3 is further away but due right after job 1.
    const instance = lineInstance([
      { x: 10, window: [0, 20] },
      { x: 12, window: [500, 520] },
      { x: 20, window: [30, 50] },
    ]);
    expect(Array.from(new JobRanking(instance).row(1))).toEqual([1, 2, 3]);
    expect(Array.from(new JobRanking(instance, 3, 'proximity').row(1))).toEqual([1, 3, 2]);
  });

  it('ranks by proximity as by distance when no job has a window', () => {
    const instance = tinyInstance(7, { jobs: 40, vehicles: 5, windows: 'none' });
    const byDistance = new JobRanking(instance, 16);
    const byProximity = new JobRanking(instance, 16, 'proximity');
    for (const job of instance.jobs) expect(Array.from(byProximity.row(job))).toEqual(Array.from(byDistance.row(job)));
  });

  it('ranks the first jobs of a row alone as the whole row ranks them, by distance and by proximity', () => {
    const instance = tinyInstance(9, { jobs: 60, vehicles: 5, windows: 'tight' });
    for (const measure of ['distance', 'proximity'] as const) {
      const ranking = new JobRanking(instance, 40, measure);
      for (const job of [instance.jobs[0]!, instance.jobs[17]!, instance.jobs[59]!]) {
        const row = Array.from(new JobRanking(instance, 40, measure).row(job));
        for (const count of [1, 6, 39, 40, 41, 100]) expect(Array.from(ranking.first(job, count))).toEqual(row.slice(0, count));
      }
    }
  });

  it.each([50, 2 * NEIGHBOURHOOD_BLOCK + 22])(
    'the granular neighbourhood of %i jobs lists each job’s proximity row but itself, reading each pair’s distances once',
    (jobs) => {
      const instance = tinyInstance(10, { jobs, vehicles: 5, windows: 'tight', asymmetric: true });
      let reads = 0;
      const distance = new Proxy(instance.distance, {
        get: (target, key) => {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key) as unknown;
        },
      });
      const { k, neighbours } = granularNeighbourhood({ ...instance, distance }, 8);
      const m = instance.jobs.length;
      expect(reads).toBe(m * (m - 1));
      const ranking = new JobRanking(instance, 9, 'proximity');
      for (const job of instance.jobs) {
        const row = Array.from(ranking.row(job)).filter((other) => other !== job);
        expect(Array.from(neighbours.subarray(job * k, job * k + k))).toEqual(row.slice(0, 8));
      }
    },
  );

  it('keeps only the first `width` jobs of a row', () => {
    const instance = tinyInstance(8, { jobs: 30, vehicles: 5, windows: 'tight' });
    const full = new JobRanking(instance, undefined, 'proximity').row(5);
    expect(full.length).toBe(30);
    expect(Array.from(new JobRanking(instance, 10, 'proximity').row(5))).toEqual(Array.from(full.subarray(0, 10)));
  });
});
