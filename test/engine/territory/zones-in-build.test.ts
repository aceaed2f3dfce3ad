import { hardViolations, jobsByRoute, operate } from '../operations/operation-results.js';
import { territory, type Zone } from './territory-fixtures.js';

const row = (prefix: string, count: number, lon: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, location: `47.6, ${(lon + i * 0.004).toFixed(4)}` }));

describe('zones in build', () => {
  test('zones from the zones operation, given drivers, are hard: each job rides with a driver of its zone', async () => {
    const jobs = [...row('w', 8, -122.45), ...row('e', 8, -122.2)];
    const zones = await territory<Zone[]>('zones', { jobs, zone_count: 2 });
    const [first, second] = zones.map((zone) => ({ id: zone.id, boundary: zone.boundary }));
    // The depot is in the east, so without zones the cheapest plan would not split the towns this way.
    const body = {
      drivers: [{ id: 'west-driver' }, { id: 'east-driver' }],
      zones: [
        { ...first!, drivers: ['east-driver'] },
        { ...second!, drivers: ['west-driver'] },
      ],
      routes: [
        { id: 'r-west', driver: 'west-driver', location: '47.6, -122.2' },
        { id: 'r-east', driver: 'east-driver', location: '47.6, -122.2' },
      ],
      jobs: [...jobs, { id: 'outside', location: '48.5, -121.0' }],
      settings: { time_limit: '00:00:02' },
    };
    const result = await operate('build', body);
    expect(hardViolations(result)).toEqual([]);
    const routes = jobsByRoute(result);
    // zone_1 holds the western jobs (bisection numbers from the low side); its driver is east-driver.
    expect([...routes.get('r-east')!].sort()).toEqual(
      jobs
        .slice(0, 8)
        .map((job) => job.id)
        .sort(),
    );
    expect([...routes.get('r-west')!].sort()).toEqual(
      jobs
        .slice(8)
        .map((job) => job.id)
        .sort(),
    );
    expect(result.unrouted_jobs).toEqual([{ id: 'outside', reasons: ['job_not_in_zone'] }]);
  });

  test('evaluate reports driver_not_in_zone and job_not_in_zone for a plan that ignores the zones', async () => {
    const jobs = [...row('w', 2, -122.45), ...row('e', 2, -122.2)];
    const zones = await territory<Zone[]>('zones', { jobs, zone_count: 2 });
    const result = await operate('evaluate', {
      drivers: [{ id: 'd' }],
      zones: [
        { id: zones[0]!.id, boundary: zones[0]!.boundary, drivers: ['d'] },
        { id: zones[1]!.id, boundary: zones[1]!.boundary },
      ],
      routes: [{ id: 'r', driver: 'd', location: '47.6, -122.3', jobs: ['w0', 'e0', 'far'] }],
      jobs: [...jobs, { id: 'far', location: '48.5, -121.0' }],
    });
    const byStop = new Map(
      result.routes[0]!.stops!.filter((stop) => stop.type === 'job').map((stop) => [stop.id, stop.violations.map((v) => v.type)]),
    );
    expect(byStop.get('w0')).toEqual([]);
    expect(byStop.get('e0')).toEqual(['driver_not_in_zone']);
    expect(byStop.get('far')).toEqual(['job_not_in_zone']);
  });
});
