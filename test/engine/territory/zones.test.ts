import { polygonFault } from '../../../model/polygon.js';
import { parseLatLon } from '../../../model/latlon.js';
import { OperationError } from '../../../engine/operation-error.js';
import { cityJobs, expectValidZones, jstsPolygon, territory, type Zone } from './territory-fixtures.js';

const line = (prefix: string, count: number, lat: number, lon: number, step: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, location: `${lat}, ${(lon + i * step).toFixed(5)}` }));

describe('zones', () => {
  test('every zone is a closed, simple ring the model accepts; zones do not overlap and each point is inside exactly one', async () => {
    const jobs = cityJobs(300, 3);
    const markers = [
      { id: 'bin-1', location: '47.6, -122.3' },
      { id: 'bin-2', location: '47.71, -122.42' },
    ];
    const zones = await territory<Zone[]>('zones', { jobs, markers, zone_count: 5, variance: { stop_count_variance: 1 } });
    expect(zones.map((zone) => zone.id)).toEqual(['zone_1', 'zone_2', 'zone_3', 'zone_4', 'zone_5']);
    for (const zone of zones) expect(polygonFault(zone.boundary.vertices.map((vertex) => parseLatLon(vertex)!))).toBeUndefined();
    expectValidZones(
      zones,
      [...jobs, ...markers].map((point) => point.location),
    );
    expect(zones.reduce((sum, zone) => sum + zone.marker_count, 0)).toBe(2);
    // 300 stops in 5 zones: 60 each, as the variance of 1 asks.
    for (const zone of zones) expect(zone.balance).toMatchObject({ variance_kind: 'stop_count_variance', mean: 60, within_variance: true });
    for (const zone of zones) expect(Math.abs(zone.stop_count - 60)).toBeLessThanOrEqual(1);
  });

  test('compact: two far-apart towns in two zones are never mixed into one zone (no hull of islands)', async () => {
    const jobs = [...line('w', 20, 47.6, -122.6, 0.001), ...line('e', 20, 47.6, -121.6, 0.001)];
    const zones = await territory<Zone[]>('zones', { jobs, zone_count: 2 });
    expectValidZones(
      zones,
      jobs.map((job) => job.location),
    );
    const lons = (zone: Zone) => zone.boundary.vertices.map((vertex) => parseLatLon(vertex)!.lon);
    const [west, east] = [...zones].sort((a, b) => Math.min(...lons(a)) - Math.min(...lons(b)));
    expect([west!.stop_count, east!.stop_count]).toEqual([20, 20]);
    // The border lies in the empty gap between the towns, and each zone is one rectangle around its town.
    expect(Math.max(...lons(west!))).toBeGreaterThan(-122.581);
    expect(Math.max(...lons(west!))).toBeLessThan(-121.6);
    expect(jstsPolygon(west!).getArea()).toBeCloseTo(jstsPolygon(west!).convexHull().getArea(), 12);
  });

  test('balances on time on site (minutes) when that is the variance kind, not on the stop count', async () => {
    // 10 short stops in the west, 2 long ones in the east: 2 zones of 120 minutes each.
    const jobs = [
      ...line('short', 10, 47.6, -122.4, 0.002).map((job) => ({ ...job, time_on_site: '00:12' })),
      ...line('long', 2, 47.6, -122.2, 0.002).map((job) => ({ ...job, time_on_site: '01:00' })),
    ];
    const zones = await territory<Zone[]>('zones', { jobs, zone_count: 2, variance: { time_on_site_variance: 0 } });
    expect(zones.map((zone) => zone.balance.value).sort()).toEqual([120, 120]);
    expect(zones.map((zone) => zone.stop_count).sort((a, b) => a - b)).toEqual([2, 10]);
    expect(zones.every((zone) => zone.balance.within_variance)).toBe(true);
  });

  test('balances on a capacity metric and on markers', async () => {
    const jobs = line('j', 6, 47.6, -122.4, 0.01).map((job, i) => ({ ...job, loads: [{ metric: 'bins', amount: i < 4 ? 1 : 2 }] }));
    const byMetric = await territory<Zone[]>('zones', {
      jobs,
      zone_count: 2,
      variance: { metric_count_variance: { metric: 'bins', variance: 0 } },
    });
    expect(byMetric.map((zone) => zone.balance.value)).toEqual([4, 4]);
    expect(byMetric.map((zone) => zone.stop_count)).toEqual([4, 2]);

    const markers = line('m', 4, 47.7, -122.4, 0.01);
    const byMarkers = await territory<Zone[]>('zones', {
      jobs: jobs.slice(0, 1),
      markers,
      zone_count: 2,
      variance: { marker_count_variance: 0 },
    });
    expect(byMarkers.map((zone) => zone.marker_count)).toEqual([2, 2]);
    expectValidZones(
      byMarkers,
      [...jobs.slice(0, 1), ...markers].map((point) => point.location),
    );
  });

  test('reports a zone outside the variance honestly when single points are too heavy to balance', async () => {
    const jobs = [
      { id: 'a', location: '47.6, -122.4', time_on_site: '03:00' },
      { id: 'b', location: '47.6, -122.3', time_on_site: '00:10' },
      { id: 'c', location: '47.6, -122.2', time_on_site: '00:10' },
    ];
    const zones = await territory<Zone[]>('zones', { jobs, zone_count: 2, variance: { time_on_site_variance: 5 } });
    expect(zones.map((zone) => zone.balance.value).sort((x, y) => x - y)).toEqual([20, 180]);
    expect(zones.every((zone) => !zone.balance.within_variance)).toBe(true);
    expect(zones[0]!.balance.mean).toBe(100);
  });

  test('zone ids dodge the ids the request already uses', async () => {
    const zones = await territory<Zone[]>('zones', {
      jobs: [
        { id: 'zone_1', location: '47.6, -122.3' },
        { id: 'b', location: '47.7, -122.3' },
      ],
      zone_count: 2,
    });
    expect(zones.map((zone) => zone.id)).toEqual(['zone_1#2', 'zone_2']);
  });

  test('points at one spot still give valid, disjoint zones', async () => {
    const jobs = Array.from({ length: 6 }, (_, i) => ({ id: `same${i}`, location: '47.6, -122.3' }));
    const zones = await territory<Zone[]>('zones', { jobs, zone_count: 3 });
    expectValidZones(zones, []);
    expect(zones.reduce((sum, zone) => sum + zone.stop_count, 0)).toBe(6);
  });

  test('a request with nothing to zone fails with a validation error, not a crash', async () => {
    await expect(territory('zones', { zone_count: 2 })).rejects.toBeInstanceOf(OperationError);
  });

  test('2,000 jobs, zone_count 8, stop_count_variance 10: every zone within the variance, polygons valid (jsts)', async () => {
    const jobs = cityJobs(2000, 11);
    const zones = await territory<Zone[]>('zones', { jobs, zone_count: 8, variance: { stop_count_variance: 10 } });
    expect(zones).toHaveLength(8);
    for (const zone of zones) {
      expect(Math.abs(zone.stop_count - 250)).toBeLessThanOrEqual(10);
      expect(zone.balance).toMatchObject({ mean: 250, within_variance: true });
    }
    expectValidZones(
      zones,
      jobs.map((job) => job.location),
    );
  });
});
