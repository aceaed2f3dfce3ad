import { Random } from '../../../../engine/core/structures/prng.js';

describe('Random.nextGap', () => {
  it.each([0.01, 0.25, 0.5])('draws gaps between events of chance %p: first-trial share and mean as the geometric law gives', (rate) => {
    const random = new Random(7);
    const draws = 200_000;
    let first = 0;
    let sum = 0;
    let malformed = 0;
    for (let i = 0; i < draws; i++) {
      const gap = random.nextGap(rate);
      if (!Number.isInteger(gap) || gap < 1) malformed++;
      if (gap === 1) first++;
      sum += gap;
    }
    expect(malformed).toBe(0);
    // Standard errors: first-trial share sqrt(rate(1-rate)/draws) (at most 0.0011), mean sqrt(1-rate)/rate/sqrt(draws) (0.22 at 0.01).
    expect(Math.abs(first / draws - rate)).toBeLessThan(0.005);
    expect(Math.abs(sum / draws - 1 / rate) * rate).toBeLessThan(0.01);
  });

  it('takes one draw a gap, and a certain event comes at the first trial', () => {
    const gaps = new Random(3);
    const floats = new Random(3);
    for (let i = 0; i < 5; i++) gaps.nextGap(0.1);
    for (let i = 0; i < 5; i++) floats.nextFloat();
    expect(gaps.nextUint32()).toBe(floats.nextUint32());
    expect(Array.from({ length: 20 }, () => gaps.nextGap(1))).toEqual(Array(20).fill(1));
  });
});
