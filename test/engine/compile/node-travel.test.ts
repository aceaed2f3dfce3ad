import { straightLineLeg, straightLineProvider } from '../../../geo/straight-line.js';
import type { TravelOptions } from '../../../geo/travel.js';
import { countingStraightLine } from '../../support/counting-travel.js';
import { buildInstance } from '../../../engine/core/compiled/build-instance.js';
import { MatrixBuffers, MIRROR_BLOCK, nodeMatrices, SINGLE_PRECISION_NODES, type NodePlaces } from '../../../engine/compile/node-travel.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { ON_DEMAND_POINTS, TravelTable } from '../../../engine/evaluate/travel-table.js';
import { resolveProblem } from '../../../model/resolve.js';
import { createRoadProvider } from '../../../geo/road/road-provider.js';
import { gridTravelPoints, routableGridGraph } from '../../geo/support/grid-graph.js';

async function table(): Promise<TravelTable> {
  const travel = new TravelTable();
  [
    { lat: 47.6, lon: -122.3 },
    { lat: 47.61, lon: -122.33 },
    { lat: 47.7, lon: -122.2 },
  ].forEach((point) => travel.add(point));
  await travel.compute(straightLineProvider);
  return travel;
}

/** `nodes` nodes over the table's three points, node i at point i mod 3, none with an exit stop. */
function places(nodes: number): NodePlaces {
  const entry = Int32Array.from({ length: nodes }, (_, i) => i % 3);
  return { entry, exit: entry, exitLegDistance: new Float64Array(nodes) };
}

describe('nodeMatrices', () => {
  test('below SINGLE_PRECISION_NODES: exact doubles in shared memory', async () => {
    const travel = await table();
    const { distance, duration } = nodeMatrices(travel, places(30), 0.5);
    expect(distance).toBeInstanceOf(Float64Array);
    expect(distance.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(distance[1 * 30 + 2]).toBe(travel.distance(1, 2));
    expect(travel.rankingDistance(1, 2)).toBe(travel.distance(1, 2));
    expect(duration[1 * 30 + 2]).toBe(travel.duration(1, 2) / 0.5);
  });

  test('compiles that share MatrixBuffers fill the same memory again, each with its own legs; a larger one gets more', async () => {
    const travel = await table();
    const buffers = new MatrixBuffers();
    const first = nodeMatrices(travel, places(30), 0.5, buffers);
    // Other places at each node, so that a leg left from the first compile would show.
    const shifted = (nodes: number): NodePlaces => {
      const entry = Int32Array.from({ length: nodes }, (_, i) => (i + 1) % 3);
      return { entry, exit: entry, exitLegDistance: new Float64Array(nodes) };
    };
    const second = nodeMatrices(travel, shifted(20), 0.5, buffers);
    expect(second.distance.buffer).toBe(first.distance.buffer);
    expect(second.duration.buffer).toBe(first.duration.buffer);
    expect(second.distance.length).toBe(20 * 20);
    const fresh = nodeMatrices(travel, shifted(20), 0.5);
    expect(Array.from(second.distance)).toEqual(Array.from(fresh.distance));
    expect(Array.from(second.duration)).toEqual(Array.from(fresh.duration));
    expect(second.longestDistance).toBe(fresh.longestDistance);
    const larger = nodeMatrices(travel, places(40), 0.5, buffers);
    expect(larger.distance.buffer).not.toBe(first.distance.buffer);
    expect(nodeMatrices(travel, places(40), 0.5, buffers).distance.buffer).toBe(larger.distance.buffer);
  });

  test('from SINGLE_PRECISION_NODES on: four bytes a pair, every leg rounded up by less than one step', async () => {
    const travel = await table();
    const n = SINGLE_PRECISION_NODES;
    const { distance, duration } = nodeMatrices(travel, places(n), 0.5);
    expect(distance).toBeInstanceOf(Float32Array);
    expect(distance.byteLength + duration.byteLength).toBe(2 * 4 * n * n);
    expect(duration.buffer).toBeInstanceOf(SharedArrayBuffer);
    const step = 2 ** -23;
    for (const [a, b] of [
      [0, 1],
      [1, 2],
      [5, 3],
      [n - 1, n - 2],
    ] as const) {
      const exact = { distance: travel.distance(a % 3, b % 3), duration: travel.duration(a % 3, b % 3) / 0.5 };
      const pairs: [number, number][] = [
        [distance[a * n + b]!, exact.distance],
        [duration[a * n + b]!, exact.duration],
      ];
      for (const [single, value] of pairs) {
        expect(single).toBeGreaterThanOrEqual(value);
        expect(single - value).toBeLessThanOrEqual(value * step);
      }
    }
    expect(distance[4 * n + 1]).toBe(0);
  });
});

/**
 * Every entry as the table's own legs give it (the drive out of `a` to where `b` is entered, plus
 * a's exit leg), and the largest entries, from the matrices of 40 nodes: some with an exit stop,
 * two entered and left nowhere.
 */
function expectPairwise(travel: TravelTable, pointCount: number): void {
  const n = 40;
  const entry = Int32Array.from({ length: n }, (_, i) => (i === 7 || i === 30 ? -1 : (i * 37) % pointCount));
  const exit = Int32Array.from(entry, (at, i) => (at >= 0 && i % 5 === 0 ? (at + 1) % pointCount : at));
  const exitLegDistance = Float64Array.from(exit, (out, i) => (out === entry[i] ? 0 : travel.distance(entry[i]!, out)));
  const { distance, duration, longestDistance, longestDuration } = nodeMatrices(travel, { entry, exit, exitLegDistance }, 0.8);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const drives = exit[a]! >= 0 && entry[b]! >= 0;
      expect(distance[a * n + b]).toBe(exitLegDistance[a]! + (drives ? travel.distance(exit[a]!, entry[b]!) : 0));
      expect(duration[a * n + b]).toBe(drives ? travel.duration(exit[a]!, entry[b]!) / 0.8 : 0);
    }
  }
  expect(longestDistance).toBe(Math.max(...distance));
  expect(longestDuration).toBe(Math.max(...duration));
  expect(longestDistance).toBeGreaterThan(0);
}

describe('nodeMatrices, a row of legs at a time', () => {
  test('from a matrix, from legs on demand and from the bound of two travel classes: each entry as the pair asks, and the largest', async () => {
    expectPairwise(await table(), 3);

    const points = Array.from({ length: ON_DEMAND_POINTS }, (_, i) => ({
      lat: 47.5 + (i % 60) * 0.005,
      lon: -122.5 + Math.floor(i / 60) * 0.005,
    }));
    const onDemand = new TravelTable();
    points.forEach((point) => onDemand.add(point));
    await onDemand.compute(straightLineProvider);
    expect(onDemand.onDemand).toBe(true);
    expectPairwise(onDemand, points.length);

    // Trucks at half the speed of cars on the way out, cars longer on the way back: the bound takes each from its own class.
    const provider = {
      name: 'two speeds',
      matrix: straightLineProvider.matrix,
      leg: (from: { lat: number; lon: number }, to: { lat: number; lon: number }, options?: TravelOptions) => {
        const leg = straightLineLeg(from, to, { drivingSpeedPercentage: options?.vehicleType === 'truck' ? 50 : 100 });
        const longer = from.lat < to.lat === (options?.vehicleType === 'truck') ? 1 : 1.5;
        return { distance: leg.distance * longer, duration: leg.duration };
      },
    };
    const jobs = points.map((point, i) => ({ id: `j${i}`, location: `${point.lat}, ${point.lon}` }));
    const routes = (['truck', 'auto'] as const).map((type) => ({ id: type, location: '47.5, -122.5', vehicle_type: type }));
    const problem = resolveProblem({ jobs, routes }, 'build');
    const mixed = await problemTravelTable(problem, provider);
    expect(mixed.mixed && mixed.onDemand).toBe(true);
    expectPairwise(mixed, points.length);
  });

  test('from a road network from ON_DEMAND_POINTS on: legs searched for the rows asked, as the whole matrix has them, the points off it as fallback', async () => {
    const n = 12;
    const provider = createRoadProvider(routableGridGraph(n));
    const points = gridTravelPoints(n, ON_DEMAND_POINTS, 3);
    const searched = new TravelTable();
    points.forEach((point) => searched.add(point));
    await searched.compute(provider);
    expect(searched.onDemand).toBe(true);
    expect(searched.fallbackPoints()).toEqual(points.slice(-2));
    expectPairwise(searched, points.length);
    const matrix = await provider.matrix(points);
    for (const [i, j] of [
      [0, 1],
      [17, 4],
      [points.length - 4, points.length - 3],
      [points.length - 1, 8],
    ] as const) {
      expect([searched.distance(i, j), searched.duration(i, j)]).toEqual([
        matrix.distances[i * points.length + j],
        matrix.durations[i * points.length + j],
      ]);
      // Candidates are ranked on straight lines: no search of the network per candidate.
      expect(searched.rankingDistance(i, j)).toBe(straightLineLeg(points[i]!, points[j]!).distance);
    }
  });
});

describe('nodeMatrices over straight-line legs on demand', () => {
  test('fills each row through the provider’s rows of legs, asking no single leg and no leg before the diagonal: every entry as straightLineLeg gives it', async () => {
    const { provider, asked } = countingStraightLine();
    const points = Array.from({ length: ON_DEMAND_POINTS }, (_, i) => ({
      lat: 47.5 + (i % 60) * 0.005,
      lon: -122.5 + Math.floor(i / 60) * 0.003,
    }));
    const travel = new TravelTable();
    points.forEach((point) => travel.add(point));
    await travel.compute(provider, { drivingSpeedPercentage: 80 });
    // Over blocks of the mirror copy, the last one partial.
    const n = 2 * MIRROR_BLOCK + 22;
    const entry = Int32Array.from({ length: n }, (_, i) => (i === 9 ? -1 : (i * 61) % points.length));
    const { distance, duration } = nodeMatrices(travel, { entry, exit: entry, exitLegDistance: new Float64Array(n) }, 0.5);
    expect(asked.singleLegs).toBe(0);
    // Row a from its diagonal on, but for node 9, entered and left nowhere.
    expect(asked.rowLegs).toBe((n * (n + 1)) / 2 - (n - 9));
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        const drives = entry[a]! >= 0 && entry[b]! >= 0;
        const leg = drives
          ? straightLineLeg(points[entry[a]!]!, points[entry[b]!]!, { drivingSpeedPercentage: 80 })
          : { distance: 0, duration: 0 };
        expect(distance[a * n + b]).toBe(leg.distance);
        expect(duration[a * n + b]).toBe(leg.duration / 0.5);
      }
    }
  });
});

describe('buildInstance', () => {
  test('takes typed travel matrices as they are instead of copying them', () => {
    const distance = new Float32Array([0, 3, 3, 0]);
    const instance = buildInstance({ nodeCount: 2, jobs: [1], distance, vehicleTypes: [{ count: 1, start: 0, end: 0 }] });
    expect(instance.distance).toBe(distance);
    expect(instance.duration).toBe(distance);
    const copied = buildInstance({ nodeCount: 2, jobs: [1], distance: [0, 3, 3, 0], vehicleTypes: [{ count: 1, start: 0, end: 0 }] });
    expect(copied.distance).toBeInstanceOf(Float64Array);
  });
});
