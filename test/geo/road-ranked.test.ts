import { levelOrderedTop, rankedHierarchy, type RankedArcs } from '../../geo/road/ranked-hierarchy.js';
import { gridGraph } from './support/grid-graph.js';

// The ranked numbering of a hierarchy larger than its level-ordered top: the nodes below are
// numbered by a depth-first walk, and every arc must still go from a smaller number to a larger
// one, or a core reaching below the top, whose sweeps rely on that, would give wrong keys.

describe('ranked hierarchy numbering', () => {
  const n = 40;
  const { routing } = gridGraph(n);
  const ranked = rankedHierarchy(routing.hierarchy);

  it('numbers every node once, and more nodes than its level-ordered top', () => {
    expect(ranked.nodeCount).toBeGreaterThan(levelOrderedTop);
    const seen = new Uint8Array(ranked.nodeCount);
    for (const rank of ranked.rankOf) seen[rank] = 1;
    expect(seen.every((flag) => flag === 1)).toBe(true);
  });

  it('keeps every arc going from a smaller number to a larger one', () => {
    const upward = (arcs: RankedArcs): boolean => {
      for (let v = 0; v < ranked.nodeCount; v++)
        for (let a = arcs.first[v]!; a < arcs.first[v + 1]!; a++) if (arcs.node[a]! <= v) return false;
      return true;
    };
    expect(upward(ranked.up)).toBe(true);
    expect(upward(ranked.down)).toBe(true);
  });
});
