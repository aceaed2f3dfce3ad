import { RecentMatrices } from '../../activities/recent-matrices.js';
import { straightLineProvider } from '../../geo/straight-line.js';
import type { TravelPoint, TravelProvider } from '../../geo/travel.js';

/** The straight-line provider, counting the matrices it computes. */
function counted(): { provider: TravelProvider; computed: () => number } {
  let computed = 0;
  return {
    provider: {
      ...straightLineProvider,
      matrix: (points, options) => {
        computed++;
        return straightLineProvider.matrix(points, options);
      },
    },
    computed: () => computed,
  };
}

const points: TravelPoint[] = [
  { lat: 43.73, lon: 7.42 },
  { lat: 43.74, lon: 7.43 },
  { lat: 43.735, lon: 7.41 },
];

test('an exact repeat gets the same matrix without asking the provider again', async () => {
  const recent = new RecentMatrices(256 * 1024 * 1024);
  const { provider, computed } = counted();
  const first = await recent.serve(provider).matrix(points);
  const again = await recent.serve(provider).matrix(points);
  expect(again).toBe(first);
  expect(computed()).toBe(1);
});

test('other points, another order or other options are asked again', async () => {
  const recent = new RecentMatrices(256 * 1024 * 1024);
  const { provider, computed } = counted();
  const served = recent.serve(provider);
  await served.matrix(points);
  const reversed = await served.matrix([...points].reverse());
  await served.matrix(points, { vehicleType: 'truck' });
  await served.matrix(points.slice(1));
  expect(computed()).toBe(4);
  expect(reversed.distances[0 * 3 + 2]).toBe((await served.matrix(points)).distances[2 * 3 + 0]);
});

test('with the process cache turned off nothing is kept', async () => {
  const recent = new RecentMatrices(0);
  const { provider, computed } = counted();
  await recent.serve(provider).matrix(points);
  await recent.serve(provider).matrix(points);
  expect(computed()).toBe(2);
});
