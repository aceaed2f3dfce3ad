import { sortByKey } from '../../../../../engine/core/search/recreate/sort-by-key.js';
import { Random } from '../../../../../engine/core/structures/prng.js';

/** Jobs 0..length-1 in a seeded random order, with keys from only a few values so that ties abound. */
function shuffledJobs(length: number, seed: number): { jobs: Int32Array; key: Float64Array } {
  const random = new Random(seed);
  const jobs = Int32Array.from({ length }, (_, i) => i);
  random.shuffle(jobs, length);
  const key = Float64Array.from({ length }, () => random.nextInt(7) - 3);
  return { jobs, key };
}

describe('sortByKey', () => {
  it.each([0, 1, 2, 15, 16, 17, 31, 33, 100, 257, 1300])('sorts %i jobs by key, ties in their order', (count) => {
    const { jobs, key } = shuffledJobs(count + 5, count);
    // A JavaScript array sort is stable, so it is the reference for the order of ties.
    const expected = [...jobs.subarray(0, count)].sort((a, b) => key[a]! - key[b]!);
    const beyond = [...jobs.subarray(count)];
    sortByKey(jobs, count, key, new Int32Array(jobs.length));
    expect([...jobs.subarray(0, count)]).toEqual(expected);
    expect([...jobs.subarray(count)]).toEqual(beyond);
  });
});
