import { chMatrixKeys, chRowKeys, type MatrixWork } from '../../geo/road/ch-matrix.js';
import { dijkstraMatrixKeys } from '../../geo/road/dijkstra.js';
import { gridGraph, randomEndpoints } from './support/grid-graph.js';

// Many-to-many matrices on street grids (one-ways, turn restrictions): exact against plain
// Dijkstra whatever the size of the hierarchy's core and row by row, and the work per source, target and cell
// staying bounded as grids grow.

describe('many-to-many matrices on street grids', () => {
  it('equal plain Dijkstra with no core, a small one, a middle one and the whole hierarchy as core', () => {
    const n = 16;
    const { graph, routing } = gridGraph(n);
    const sources = randomEndpoints(graph, routing, n, 60, 1);
    const targets = randomEndpoints(graph, routing, n, 50, 2);
    const reference = dijkstraMatrixKeys(routing.turnGraph, sources, targets);
    expect(reference.some((key) => key === Infinity)).toBe(false);
    for (const coreSize of [0, 20, 200, routing.hierarchy.nodeCount]) {
      const work = {} as MatrixWork;
      expect(chMatrixKeys(routing.hierarchy, sources, targets, work, coreSize)).toEqual(reference);
      expect(work.coreSize).toBe(coreSize);
      if (coreSize === 0) expect(work.coreExits).toBe(0);
      if (coreSize === routing.hierarchy.nodeCount) expect(work.bucketEntries).toBe(0);
    }
    sources.forEach((source, s) => {
      expect(chRowKeys(routing.hierarchy, source, targets)).toEqual(reference.subarray(s * targets.length, (s + 1) * targets.length));
    });
  });

  it('keep the work per source, target and cell bounded as grids grow, the core taking what buckets read most', () => {
    const figures = [10, 20, 30].map((n) => {
      const { graph, routing } = gridGraph(n);
      const points = randomEndpoints(graph, routing, n, 150, n);
      const withCore = {} as MatrixWork;
      const keys = chMatrixKeys(routing.hierarchy, points, points, withCore, 200);
      expect(keys).toEqual(dijkstraMatrixKeys(routing.turnGraph, points, points));
      const bucketsOnly = {} as MatrixWork;
      expect(chMatrixKeys(routing.hierarchy, points, points, bucketsOnly, 0)).toEqual(keys);
      const count = points.length;
      return {
        n,
        settledPerSource: withCore.forward.settled / count,
        settledPerTarget: withCore.backward.settled / count,
        coreRowsPerSource: withCore.coreEntries / count,
        exitsPerTarget: withCore.coreExits / count,
        bucketReadsPerCell: withCore.bucketScans / count ** 2,
        bucketReadsPerCellWithoutCore: bucketsOnly.bucketScans / count ** 2,
      };
    });
    for (const figure of figures) {
      // The searches stop at the core, and each side keeps a few of the places it meets it at.
      expect(figure.settledPerSource).toBeLessThan(150);
      expect(figure.settledPerTarget).toBeLessThan(150);
      expect(figure.coreRowsPerSource).toBeLessThan(15);
      expect(figure.exitsPerTarget).toBeLessThan(15);
      expect(figure.bucketReadsPerCell).toBeLessThan(figure.bucketReadsPerCellWithoutCore / 2);
    }
    // 2.25 times the nodes from 20 × 20 to 30 × 30 (the smallest grid is mostly core), less than
    // twice the work per source (measured: 61 and 98 nodes settled).
    expect(figures[2]!.settledPerSource).toBeLessThan(2 * figures[1]!.settledPerSource);
  });
});
