import { levelOrderedTop, rankedHierarchy } from '../../geo/road/ranked-hierarchy.js';
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
    const { first, node } = ranked.arcs;
    expect(first[2 * ranked.nodeCount]).toBe(node.length);
    let upward = true;
    for (let v = 0; v < ranked.nodeCount; v++) for (let a = first[2 * v]!; a < first[2 * v + 2]!; a++) upward &&= node[a]! > v;
    expect(upward).toBe(true);
  });
});
