import { SINGLE_PRECISION_POINTS, straightLineLeg, straightLineProvider } from '../../geo/straight-line.js';

/** `count` points on a grid about 30 km across. */
function grid(count: number): { lat: number; lon: number }[] {
  return Array.from({ length: count }, (_, i) => ({ lat: 47.5 + (i % 60) * 0.005, lon: -122.5 + Math.floor(i / 60) * 0.005 }));
}

describe('straight-line matrices', () => {
  test('exact doubles below SINGLE_PRECISION_POINTS, single precision (rounded to the nearest float) from it on', async () => {
    const small = await straightLineProvider.matrix(grid(10));
    expect(small.distances).toBeInstanceOf(Float64Array);
    expect(small.distances[3]).toBe(straightLineLeg(grid(10)[0]!, grid(10)[3]!).distance);

    const points = grid(SINGLE_PRECISION_POINTS);
    const large = await straightLineProvider.matrix(points, { drivingSpeedPercentage: 80 });
    expect(large.distances).toBeInstanceOf(Float32Array);
    expect(large.durations.byteLength).toBe(4 * points.length ** 2);
    for (const [i, j] of [
      [0, 1],
      [0, points.length - 1],
      [1234, 17],
    ] as const) {
      const exact = straightLineLeg(points[i]!, points[j]!, { drivingSpeedPercentage: 80 });
      expect(large.distances[i * points.length + j]).toBe(Math.fround(exact.distance));
      expect(large.durations[i * points.length + j]).toBe(Math.fround(exact.duration));
    }
  });
});
