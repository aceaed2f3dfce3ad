import { LEG_BLOCK_ROWS, RoadRouter } from '../../geo/road/road-router.js';
import type { TravelMatrix, TravelOptions } from '../../geo/travel.js';
import { Random } from '../../engine/core/structures/prng.js';
import { gridTravelPoints, routableGridGraph } from './support/grid-graph.js';

// Legs searched as they are asked give each pair the leg a path between its two points gives:
// the same shortest paths, the same stretches off the street, the same straight lines where a
// point is off the network, whatever blocks of rows they are asked in; the whole matrix is made of
// those rows.

const n = 12;
const graph = routableGridGraph(n);

/** The matrix's legs from `from[k]` to each of `to`, 0 where either is nowhere. */
function matrixRow(matrix: TravelMatrix, from: number, to: Int32Array): { distances: number[]; durations: number[] } {
  const at = (j: number): number => from * matrix.size + j;
  return {
    distances: Array.from(to, (j) => (from < 0 || j < 0 ? 0 : matrix.distances[at(j)]!)),
    durations: Array.from(to, (j) => (from < 0 || j < 0 ? 0 : matrix.durations[at(j)]!)),
  };
}

describe('legs searched on a road network as they are asked', () => {
  test.each<[string, TravelOptions]>([
    ['at full speed', {}],
    ['at 80 % of it', { drivingSpeedPercentage: 80 }],
  ])('equal the whole matrix, rows asked in order in blocks or one by one (%s)', (_, options) => {
    const router = new RoadRouter(graph);
    const all = gridTravelPoints(n, LEG_BLOCK_ROWS + 40, 1);
    const matrix = router.matrix(all, options);
    // Rows of the matrix against paths through each pair, the matrix against the straight lines it flags.
    const random = new Random(2);
    for (let i = 0; i < all.length; i += 7) {
      for (let j = 0; j < all.length; j++) {
        const cell = i * all.length + j;
        const path = router.path([all[i]!, all[j]!], options);
        const expected = i === j ? [0, 0] : [path.distance, path.duration];
        expect([matrix.distances[cell], matrix.durations[cell]]).toEqual(expected);
        expect(matrix.fallback![cell]).toBe(i !== j && path.fallback ? 1 : 0);
      }
    }
    const search = router.legSearch(all, options);
    expect(Array.from(search.offNetwork)).toEqual(Array.from(matrix.offNetwork!));
    expect(search.offNetwork.reduce((sum, flag) => sum + flag, 0)).toBe(2);
    // Every point, then a shuffled part with nowhere in it: more rows than one block holds.
    const indices = all.map((_, i) => i);
    const part = Int32Array.from([-1, ...indices.filter(() => random.nextFloat() < 0.6), -1]).reverse();
    for (const [from, to] of [
      [Int32Array.from(indices), Int32Array.from(indices)],
      [part, Int32Array.from([...part].sort((a, b) => a - b))],
    ] as const) {
      const rows = search.between(from, to);
      const distances = new Float64Array(to.length);
      const durations = new Float64Array(to.length);
      for (let k = 0; k < from.length; k++) {
        rows(k, distances, durations);
        const expected = matrixRow(matrix, from[k]!, to);
        expect(Array.from(distances)).toEqual(expected.distances);
        expect(Array.from(durations)).toEqual(expected.durations);
      }
    }
    // Rows of one source, which run no buckets.
    const some = Int32Array.from([3, -1, all.length - 1, 0, all.length - 4, 9, all.length - 5]);
    for (const i of [...some, all.length - 3]) {
      const distances = new Float64Array(some.length);
      const durations = new Float64Array(some.length);
      search.between(Int32Array.of(i), some)(0, distances, durations);
      const expected = matrixRow(matrix, i, some);
      expect(Array.from(distances)).toEqual(expected.distances);
      expect(Array.from(durations)).toEqual(expected.durations);
    }
    // Single legs, among them the ones along one street and those off the network.
    for (const [i, j] of [
      [0, 1],
      [5, 9],
      [all.length - 5, all.length - 4],
      [all.length - 3, all.length - 5],
      [all.length - 1, 3],
      [2, all.length - 2],
      [7, 7],
    ] as const) {
      const leg = search.leg(i, j);
      expect([leg.distance, leg.duration]).toEqual([matrix.distances[i * matrix.size + j]!, matrix.durations[i * matrix.size + j]!]);
    }
  });
});
