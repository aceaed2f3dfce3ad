import { problemTravelTable } from '../../engine/evaluate/problem-travel.js';
import { KEPT_LEGS, ON_DEMAND_POINTS, TravelTable } from '../../engine/evaluate/travel-table.js';
import { SINGLE_PRECISION_POINTS, straightLineLeg, straightLineProvider, straightLineRows } from '../../geo/straight-line.js';
import type { TravelOptions } from '../../geo/travel.js';
import { resolveProblem } from '../../model/resolve.js';
import { countingStraightLine } from '../support/counting-travel.js';

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

describe('straight-line rows of legs', () => {
  test('every entry as straightLineLeg gives it, 0 toward nowhere, also toward points added after the rows were made', () => {
    const points = grid(120);
    const options = { drivingSpeedPercentage: 80 };
    const rows = straightLineRows(points, options);
    const check = (from: number, to: Int32Array): void => {
      const distances = new Float64Array(to.length);
      const durations = new Float64Array(to.length);
      rows(from, to, distances, durations);
      to.forEach((target, k) => {
        const leg = target < 0 ? { distance: 0, duration: 0 } : straightLineLeg(points[from]!, points[target]!, options);
        expect([distances[k], durations[k]]).toEqual([leg.distance, leg.duration]);
      });
    };
    const everyPoint = Int32Array.from(points.keys());
    for (let from = 0; from < points.length; from++) check(from, everyPoint);
    check(3, Int32Array.of(-1, 5, -1));
    points.push({ lat: 48.1, lon: -121.9 }, { lat: 46.9, lon: -123.2 });
    check(points.length - 1, Int32Array.of(0, points.length - 2, points.length - 1));
  });
});

describe('straight-line legs both ways', () => {
  test('every leg equals the leg back, bit for bit, as the provider says (symmetricLegs)', () => {
    expect(straightLineProvider.symmetricLegs).toBe(true);
    let seed = 11;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points = Array.from({ length: 400 }, () => ({ lat: (random() - 0.5) * 170, lon: (random() - 0.5) * 360 }));
    points.push(...Array.from({ length: 400 }, () => ({ lat: 47.5 + random() * 0.2, lon: -122.4 + random() * 0.2 })));
    const rows = straightLineRows(points, { drivingSpeedPercentage: 70 });
    const every = Int32Array.from(points.keys());
    const distances = Array.from(points, () => new Float64Array(points.length));
    const durations = Array.from(points, () => new Float64Array(points.length));
    points.forEach((_, from) => rows(from, every, distances[from]!, durations[from]!));
    let pairs = 0;
    for (let a = 0; a < points.length; a++) {
      for (let b = 0; b < a; b++) {
        if (distances[a]![b] !== distances[b]![a] || durations[a]![b] !== durations[b]![a]) throw new Error(`legs ${a}-${b} differ`);
        pairs++;
      }
    }
    expect(pairs).toBe((points.length * (points.length - 1)) / 2);
  });
});

describe('straight-line legs on demand', () => {
  test('from ON_DEMAND_POINTS on, a travel table asks for no matrix and answers every leg as straightLineLeg', async () => {
    const { provider, asked } = countingStraightLine();
    const points = grid(ON_DEMAND_POINTS);
    const large = new TravelTable();
    points.forEach((point) => large.add(point));
    await large.compute(provider, { drivingSpeedPercentage: 80 });
    expect(asked.matrixCells).toBe(0);
    expect(large.onDemand).toBe(true);
    expect(() => large.matrix()).toThrow();
    expect(large.fallbackPoints()).toEqual([]);
    for (const [i, j] of [
      [0, 1],
      [points.length - 1, 0],
      [1234, 17],
      [5, 5],
    ] as const) {
      const exact = straightLineLeg(points[i]!, points[j]!, { drivingSpeedPercentage: 80 });
      expect(large.distance(i, j)).toBe(exact.distance);
      expect(large.duration(i, j)).toBe(exact.duration);
    }

    const small = new TravelTable();
    points.slice(0, ON_DEMAND_POINTS - 1).forEach((point) => small.add(point));
    await small.compute(provider);
    expect(small.onDemand).toBe(false);
    expect(asked.matrixCells).toBe((ON_DEMAND_POINTS - 1) ** 2);
  });

  test('a table of legs on demand computes a leg asked again once, and answers every leg as straightLineLeg whichever it kept', async () => {
    const { provider, asked } = countingStraightLine();
    const points = grid(ON_DEMAND_POINTS);
    const travel = new TravelTable();
    points.forEach((point) => travel.add(point));
    await travel.compute(provider);
    // A route's legs, asked for three orders of it.
    const route = Array.from({ length: 50 }, (_, k) => (k * 53) % points.length);
    for (let pass = 0; pass < 3; pass++) for (let k = 1; k < route.length; k++) travel.duration(route[k - 1]!, route[k]!);
    expect(asked.singleLegs).toBe(route.length - 1);
    // More pairs than the table keeps, each asked twice in turn with others: every answer exact.
    const pairs = Array.from({ length: 2 * KEPT_LEGS }, (_, k): [number, number] => [
      (k * 7919) % points.length,
      (k * 104729) % points.length,
    ]);
    const inexact = [...pairs, ...pairs.reverse()].filter(([from, to]) => {
      const exact = straightLineLeg(points[from]!, points[to]!);
      return travel.distance(from, to) !== exact.distance || travel.duration(from, to) !== exact.duration;
    });
    expect(inexact).toEqual([]);
  });

  test('routes that travel differently: the problem-level table is per leg the longest and slowest, each route gets its own', async () => {
    // Trucks at half the speed of cars, leg by leg.
    const provider = {
      name: 'two speeds',
      matrix: straightLineProvider.matrix,
      leg: (from: { lat: number; lon: number }, to: { lat: number; lon: number }, options?: TravelOptions) =>
        straightLineLeg(from, to, { drivingSpeedPercentage: options?.vehicleType === 'truck' ? 50 : 100 }),
    };
    const jobs = grid(ON_DEMAND_POINTS).map((point, i) => ({ id: `j${i}`, location: `${point.lat}, ${point.lon}` }));
    const routes = (['truck', 'auto'] as const).map((type) => ({ id: type, location: '47.5, -122.5', vehicle_type: type }));
    const problem = resolveProblem({ jobs, routes }, 'build');
    const travel = await problemTravelTable(problem, provider);
    expect(travel.onDemand).toBe(true);
    expect(travel.mixed).toBe(true);
    const [truck, car] = problem.routes.map((route) => travel.forRoute(route));
    expect(truck!.duration(3, 2000)).toBeCloseTo(2 * car!.duration(3, 2000), 6);
    expect(travel.duration(3, 2000)).toBe(truck!.duration(3, 2000));
    expect(travel.distance(3, 2000)).toBe(car!.distance(3, 2000));
    expect(travel.forRoutes(problem.routes).duration(3, 2000)).toBe(truck!.duration(3, 2000));
  });
});
