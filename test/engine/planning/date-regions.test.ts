import { datesByRegion, transport, type MovableJob } from '../../../engine/planning/date-regions.js';
import { seededRandom } from '../../../engine/planning/search-budget.js';

/** `count` jobs at random places, each with a random non-empty set of `dates` dates. */
function randomJobs(count: number, dates: number, seed: number): MovableJob[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const options = Array.from({ length: dates }, (_, d) => d).filter(() => random() < 0.6);
    return { x: random(), y: random(), options: options.length > 0 ? options : [Math.floor(random() * dates)] };
  });
}

/** Each job to the first of its dates with the fewest jobs so far: an assignment and its quotas. */
function fewestFirst(jobs: readonly MovableJob[], dates: number): { start: Int32Array; quotas: number[] } {
  const quotas = Array.from({ length: dates }, () => 0);
  const start = Int32Array.from(jobs, ({ options }) => {
    const date = options.reduce((best, d) => (quotas[d]! < quotas[best]! ? d : best));
    quotas[date]!++;
    return date;
  });
  return { start, quotas };
}

const squared = (job: MovableJob, centres: readonly number[], date: number): number =>
  (job.x - centres[2 * date]!) ** 2 + (job.y - centres[2 * date + 1]!) ** 2;

describe('transport', () => {
  test('meets the quotas at the least total squared distance, as every assignment tried in turn does, from any prices', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const jobs = randomJobs(7, 3, seed);
      const { quotas } = fewestFirst(jobs, 3);
      const random = seededRandom(100 + seed);
      const centres = Array.from({ length: 6 }, () => random());
      let best = Infinity;
      for (let code = 0; code < 3 ** jobs.length; code++) {
        const dates = jobs.map((_, j) => Math.floor(code / 3 ** j) % 3);
        if (dates.some((date, j) => !jobs[j]!.options.includes(date))) continue;
        if (quotas.some((quota, date) => dates.filter((d) => d === date).length !== quota)) continue;
        best = Math.min(
          best,
          dates.reduce((sum, date, j) => sum + squared(jobs[j]!, centres, date), 0),
        );
      }
      // Any starting prices: every other instance starts from random ones, as a later round does.
      const prices = Float64Array.from({ length: 3 }, () => (seed % 2 === 0 ? random() : 0));
      const assigned = transport(jobs, quotas, Float64Array.from(centres), prices)!;
      expect([...assigned].every((date, j) => jobs[j]!.options.includes(date))).toBe(true);
      expect(quotas.map((_, date) => assigned.filter((d) => d === date).length)).toEqual(quotas);
      const total = [...assigned].reduce((sum, date, j) => sum + squared(jobs[j]!, centres, date), 0);
      expect(total).toBeCloseTo(best, 9);
    }
  });

  test('is undefined when no assignment meets the quotas', () => {
    const jobs = [
      { x: 0, y: 0, options: [0] },
      { x: 1, y: 1, options: [0] },
    ];
    expect(transport(jobs, [1, 1], Float64Array.from([0, 0, 1, 1]))).toBeUndefined();
  });
});

describe('datesByRegion', () => {
  test('keeps every job on one of its dates and every date at its quota', () => {
    const jobs = randomJobs(400, 5, 7);
    const { start, quotas } = fewestFirst(jobs, 5);
    const assigned = datesByRegion(jobs, quotas, start, 20);
    expect([...assigned].every((date, j) => jobs[j]!.options.includes(date))).toBe(true);
    expect(quotas.map((_, date) => assigned.filter((d) => d === date).length)).toEqual(quotas);
  });

  test('four clusters of jobs free to take any date: each date gets one whole cluster', () => {
    const random = seededRandom(3);
    const corners = [
      [0, 0],
      [10, 0],
      [0, 10],
      [10, 10],
    ];
    const jobs = Array.from({ length: 80 }, (_, j) => ({
      x: corners[j % 4]![0]! + random(),
      y: corners[j % 4]![1]! + random(),
      options: [0, 1, 2, 3],
    }));
    // Each cluster dealt evenly over every date.
    const start = Int32Array.from(jobs, (_, j) => (j + Math.floor(j / 4)) % 4);
    const quotas = [20, 20, 20, 20];
    expect(new Set(jobs.map((_, j) => `${j % 4}:${start[j]}`)).size).toBe(16);
    const assigned = datesByRegion(jobs, quotas, start, 20);
    const dateOfCluster = corners.map((_, c) => new Set(jobs.flatMap((_, j) => (j % 4 === c ? [assigned[j]] : []))));
    expect(dateOfCluster.every((dates) => dates.size === 1)).toBe(true);
    expect(new Set(dateOfCluster.map((dates) => [...dates][0])).size).toBe(4);
  });
});
