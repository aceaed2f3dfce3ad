import { straightLineProvider } from '../../../geo/straight-line.js';
import { buildInstance } from '../../../engine/core/compiled/build-instance.js';
import { nodeMatrices, SINGLE_PRECISION_NODES, type NodePlaces } from '../../../engine/compile/node-travel.js';
import { TravelTable } from '../../../engine/evaluate/travel-table.js';

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
    expect(duration[1 * 30 + 2]).toBe(travel.duration(1, 2) / 0.5);
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
