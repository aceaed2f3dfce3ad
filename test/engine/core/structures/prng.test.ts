import { Random } from '../../../../engine/core/structures/prng.js';

describe('Random.flagsBelow', () => {
  it.each([1, 2, 3])('flags the same draws as nextFloat one by one and leaves the sequence where they would (seed %i)', (seed) => {
    const bulk = new Random(seed);
    const single = new Random(seed);
    for (const [count, rate] of [
      [10, 0.01],
      [200, 0.5],
      [0, 0.3],
      [37, 0.9],
    ] as const) {
      const flags = new Uint8Array(count);
      bulk.flagsBelow(flags, count, rate);
      expect(Array.from(flags)).toEqual(Array.from({ length: count }, () => (single.nextFloat() < rate ? 1 : 0)));
    }
    expect(bulk.nextUint32()).toBe(single.nextUint32());
  });
});

describe('Random.skip', () => {
  it.each([1, 2, 3])('leaves the sequence where as many nextUint32 calls would (seed %i)', (seed) => {
    const skipped = new Random(seed);
    const drawn = new Random(seed);
    for (const count of [0, 1, 7, 300]) {
      skipped.skip(count);
      for (let i = 0; i < count; i++) drawn.nextUint32();
      expect(skipped.nextUint32()).toBe(drawn.nextUint32());
    }
  });
});
