import { SmallestKeys } from '../../../../engine/core/structures/smallest-keys.js';
import { Random } from '../../../../engine/core/structures/prng.js';

describe('smallest keys per row', () => {
  it('keeps the `width` smallest keys offered to each row, whatever the order they come in', () => {
    const random = new Random(4);
    for (const width of [0, 1, 2, 5, 21]) {
      const offered: number[][] = [[], [], []];
      const kept = new SmallestKeys(offered.length, width);
      // Row 2 gets fewer keys than it may keep when width is 21.
      const counts = [200, 60, 7];
      offered.forEach((keys, row) => {
        while (keys.length < counts[row]!) {
          const key = Math.floor(random.nextFloat() * 1e6) * 8 + row;
          if (keys.includes(key)) continue;
          keys.push(key);
          kept.offer(row, key);
        }
      });
      offered.forEach((keys, row) => {
        const smallest = [...keys].sort((a, b) => a - b).slice(0, width);
        expect(Array.from(kept.sorted(row))).toEqual(smallest);
      });
    }
  });
});
