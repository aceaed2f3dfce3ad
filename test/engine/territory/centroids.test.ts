import { parseLatLon } from '../../../model/latlon.js';
import { territory } from './territory-fixtures.js';

interface Driver {
  id: string;
  centroid?: string;
  attributes?: string[];
}

const cluster = (prefix: string, count: number, lat: number, lon: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    location: `${(lat + (i % 3) * 0.002).toFixed(4)}, ${(lon + Math.floor(i / 3) * 0.002).toFixed(4)}`,
    ...extra,
  }));

const centroidOf = (drivers: Driver[], id: string) => parseLatLon(drivers.find((driver) => driver.id === id)!.centroid!)!;
const WEST = -122.45;
const EAST = -122.15;

async function centroids(body: Record<string, unknown>): Promise<Driver[]> {
  return (await territory<{ drivers: Driver[] }>('centroids', body)).drivers;
}

describe('centroids', () => {
  test('one centroid per driver, spread over two towns', async () => {
    const drivers = await centroids({
      drivers: [{ id: 'a' }, { id: 'b' }],
      jobs: [...cluster('w', 12, 47.6, WEST), ...cluster('e', 12, 47.6, EAST)],
    });
    expect(drivers.map((driver) => driver.id)).toEqual(['a', 'b']);
    const lons = drivers.map((driver) => parseLatLon(driver.centroid!)!.lon).sort((x, y) => x - y);
    expect(lons[0]).toBeCloseTo(WEST + 0.007, 2);
    expect(lons[1]).toBeCloseTo(EAST + 0.007, 2);
  });

  test("a job that may only go to one driver pulls that driver's centroid (required_driver)", async () => {
    // Without the far job both drivers sit in the towns; b's required job in the north drags b's centroid toward it.
    const jobs = [...cluster('w', 12, 47.6, WEST), ...cluster('e', 12, 47.6, EAST)];
    const free = await centroids({ drivers: [{ id: 'a' }, { id: 'b' }], jobs });
    const pulled = await centroids({
      drivers: [{ id: 'a' }, { id: 'b' }],
      jobs: [...jobs, { id: 'far', location: '48.2, -122.3', required_driver: 'b' }],
    });
    expect(centroidOf(pulled, 'b').lat).toBeGreaterThan(centroidOf(free, 'b').lat + 0.01);
    // The other driver does not move north.
    expect(centroidOf(pulled, 'a').lat).toBeLessThan(47.61);
  });

  test('jobs that only one driver may serve decide which town it gets: required driver, attributes, forbidden drivers', async () => {
    const east = cluster('e', 12, 47.6, EAST, { required_driver: 'a' });
    const byRequired = await centroids({ drivers: [{ id: 'a' }, { id: 'b' }], jobs: [...cluster('w', 12, 47.6, WEST), ...east] });
    expect(centroidOf(byRequired, 'a').lon).toBeGreaterThan(-122.3);
    expect(centroidOf(byRequired, 'b').lon).toBeLessThan(-122.3);

    const lift = cluster('e', 12, 47.6, EAST, { required_driver_attributes: ['lift'] });
    const byAttribute = await centroids({
      drivers: [{ id: 'a' }, { id: 'b', attributes: ['lift'] }],
      jobs: [...cluster('w', 12, 47.6, WEST), ...lift],
    });
    expect(centroidOf(byAttribute, 'b').lon).toBeGreaterThan(-122.3);

    const notB = cluster('w', 12, 47.6, WEST, { forbidden_drivers: ['b'] });
    const byForbidden = await centroids({ drivers: [{ id: 'a' }, { id: 'b' }], jobs: [...notB, ...cluster('e', 12, 47.6, EAST)] });
    expect(centroidOf(byForbidden, 'a').lon).toBeLessThan(-122.3);
    expect(centroidOf(byForbidden, 'b').lon).toBeGreaterThan(-122.3);
  });

  test('respects route dates and route attributes: a driver gets the jobs its routes can take', async () => {
    const body = {
      drivers: [{ id: 'mon' }, { id: 'tue' }],
      routes: [
        { id: 'r-mon', driver: 'mon', date: '2024-03-04', location: '47.6, -122.3' },
        { id: 'r-tue', driver: 'tue', date: '2024-03-05', location: '47.6, -122.3', route_attributes: ['crane'] },
      ],
      jobs: [...cluster('w', 9, 47.6, WEST, { date: '2024-03-05' }), ...cluster('e', 9, 47.6, EAST, { date: '2024-03-04' })],
    };
    const dated = await centroids(body);
    expect(centroidOf(dated, 'tue').lon).toBeLessThan(-122.3);
    expect(centroidOf(dated, 'mon').lon).toBeGreaterThan(-122.3);
    // The crane jobs in the east can only ride on tue's route.
    const crane = await centroids({
      ...body,
      jobs: [...cluster('w', 9, 47.6, WEST), ...cluster('e', 9, 47.6, EAST, { required_route_attributes: ['crane'] })],
    });
    expect(centroidOf(crane, 'tue').lon).toBeGreaterThan(-122.3);
    expect(centroidOf(crane, 'mon').lon).toBeLessThan(-122.3);
  });

  test('seeded by the centroids the drivers already have', async () => {
    const jobs = [...cluster('w', 12, 47.6, WEST), ...cluster('e', 12, 47.6, EAST)];
    for (const [a, b] of [
      [WEST, EAST],
      [EAST, WEST],
    ] as const) {
      const drivers = await centroids({
        drivers: [
          { id: 'a', centroid: `47.6, ${a}` },
          { id: 'b', centroid: `47.6, ${b}` },
        ],
        jobs,
      });
      expect(centroidOf(drivers, 'a').lon).toBeCloseTo(a + 0.007, 2);
      expect(centroidOf(drivers, 'b').lon).toBeCloseTo(b + 0.007, 2);
    }
  });

  test('balanced in workload: a dense town gets more centroids than a sparse one, and shares stay close', async () => {
    // 60 jobs in the west, 20 in the east, 4 drivers: 3 in the west, 1 in the east.
    const jobs = [...cluster('w', 60, 47.6, WEST), ...cluster('e', 20, 47.6, EAST)];
    const drivers = await centroids({ drivers: ['a', 'b', 'c', 'd'].map((id) => ({ id })), jobs });
    const lons = drivers.map((driver) => parseLatLon(driver.centroid!)!.lon);
    expect(lons.filter((lon) => lon < -122.3)).toHaveLength(3);
    // Every job to its nearest centroid: each driver's share is near a quarter.
    const counts = new Map<number, number>();
    for (const job of jobs) {
      const point = parseLatLon(job.location)!;
      let best = 0;
      drivers.forEach((driver, d) => {
        const c = parseLatLon(driver.centroid!)!;
        const b = parseLatLon(drivers[best]!.centroid!)!;
        if ((c.lat - point.lat) ** 2 + (c.lon - point.lon) ** 2 < (b.lat - point.lat) ** 2 + (b.lon - point.lon) ** 2) best = d;
      });
      counts.set(best, (counts.get(best) ?? 0) + 1);
    }
    for (const count of counts.values()) expect(Math.abs(count - 20)).toBeLessThanOrEqual(6);
  });

  test('a driver that may serve no job keeps its centroid; return_request answers the whole request', async () => {
    const body = {
      drivers: [{ id: 'a' }, { id: 'idle', centroid: '47.0, -122.0' }, { id: 'none' }],
      jobs: cluster('w', 6, 47.6, WEST, { forbidden_drivers: ['idle', 'none'] }),
      return_request: true,
    };
    const full = await territory<{ drivers: Driver[]; jobs: unknown[] }>('centroids', body);
    expect(full.jobs).toHaveLength(6);
    expect(full.drivers.find((d) => d.id === 'idle')!.centroid).toBe('47.0,-122.0');
    expect(full.drivers.find((d) => d.id === 'none')!.centroid).toBeUndefined();
    expect(centroidOf(full.drivers, 'a').lon).toBeLessThan(-122.4);
  });
});
