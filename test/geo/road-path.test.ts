import { chPath, type PathWork } from '../../geo/road/ch-path.js';
import { dijkstraMatrixKeys } from '../../geo/road/dijkstra.js';
import { sameSegmentKey } from '../../geo/road/endpoints.js';
import { SearchSpace } from '../../geo/road/search-space.js';
import { gridGraph, randomEndpoints, variant } from './support/grid-graph.js';

// Point-to-point queries on street grids (one-ways, turn restrictions): exact against plain
// Dijkstra, and the nodes they settle, stalling on demand, staying few as grids grow.

describe('point-to-point queries on street grids', () => {
  const figures = [10, 20, 30].map((n) => {
    const { graph, routing } = gridGraph(n);
    const points = randomEndpoints(graph, routing, n, 40, n);
    const reference = dijkstraMatrixKeys(routing.turnGraph, points, points);
    const forward = new SearchSpace(routing.hierarchy.nodeCount);
    const backward = new SearchSpace(routing.hierarchy.nodeCount);
    const work: PathWork = { settled: 0, stalled: 0 };
    let mismatches = 0;
    let queries = 0;
    for (let i = 0; i < points.length; i++) {
      for (let j = 0; j < points.length; j++) {
        const direct = sameSegmentKey(graph, variant, points[i]!, points[j]!);
        const found = chPath(routing.hierarchy, points[i]!, points[j]!, direct, forward, backward, work);
        if ((found?.key ?? Infinity) !== Math.min(reference[i * points.length + j]!, direct)) mismatches++;
        queries++;
      }
    }
    return { n, mismatches, expanded: (work.settled - work.stalled) / queries, stalled: work.stalled / queries };
  });

  it('answer exactly what plain Dijkstra answers', () => {
    for (const figure of figures) expect(figure.mismatches).toBe(0);
  });

  it('stall on demand, expanding few nodes per query as grids grow', () => {
    // Measured, nodes expanded per query on 10, 20 and 30 × 30: 42, 78 and 92 stalling on demand
    // (10, 36 and 62 more settled but stalled); 54, 129 and 201 without stalling.
    for (const figure of figures) expect(figure.stalled).toBeGreaterThan(5);
    const [, medium, large] = figures;
    expect(large!.expanded).toBeLessThan(120);
    expect(large!.expanded).toBeLessThan(1.4 * medium!.expanded);
  });
});
