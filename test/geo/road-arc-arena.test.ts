import { ArcArena } from '../../geo/road/arc-arena.js';

// The arc lists a contraction grows and shrinks: slices that move keep their arcs, and the room
// of moved slices and released nodes is given back when the arena is packed.

describe('the arc arena', () => {
  const nodes = 1000;
  const arena = new ArcArena(new Int32Array(nodes).fill(2));
  const expected: number[][] = Array.from({ length: nodes }, () => []);
  // Nodes contracted one after another, as a contraction does: each of the next 20 nodes gets
  // an arc per step (so slices fill and move), and the contracted node is released.
  for (let step = 0; step < nodes; step++) {
    for (let other = step + 1; other < Math.min(nodes, step + 21); other++) {
      arena.push(other, step, step + other / 1000, 1 << (step % 3), step, 1);
      expected[other]!.push(step);
    }
    arena.release(step);
    expected[step] = [];
  }

  it('keeps every live node its arcs, in order, wherever its slice moved', () => {
    for (let v = 0; v < nodes; v++) {
      const begin = arena.begin[v]!;
      expect(Array.from({ length: arena.size[v]! }, (_, k) => arena.nodeOf(begin + k))).toEqual(expected[v]);
      for (let k = 0; k < arena.size[v]!; k++) {
        const other = arena.nodeOf(begin + k);
        expect([arena.weightOf(begin + k), arena.classesOf(begin + k), arena.middle[begin + k]]).toEqual([
          other + v / 1000,
          1 << (other % 3),
          other,
        ]);
      }
    }
  });

  it('stays within a small multiple of the arcs it ever held at once', () => {
    // 1000 nodes × (2 + 2 spare) to start with, then about 20 nodes with up to 20 arcs each.
    // Without packing, each node's moves (to room for 8, 16 and 32 arcs) stay behind: 60,000
    // entries here.
    expect(arena.room).toBeLessThan(10_000);
  });
});
