import { routeOnGrid, timeline } from './grid-provider.js';

// Depot at 0,0; job a 5 km east, job b 2 km north of a (7 km from the depot). Start 08:00.
const depot = '0, 0';
const a = { id: 'a', location: '0, 0.05', time_on_site: '00:10', time_window: { start: '08:30', end: '09:00' } };
const b = { id: 'b', location: '0.02, 0.05', time_on_site: '00:20' };
const basic = (route: Record<string, unknown> = {}, jobs: unknown[] = [a, b], settings: Record<string, unknown> = {}) => ({
  settings,
  routes: [{ id: 'r', location: depot, start_time: '08:00', jobs, ...route }],
});

describe('schedule: stems, waiting, time on site, distance and cost', () => {
  test('drives from the depot, waits for the window, serves, drives back', async () => {
    const route = await routeOnGrid(basic());
    expect(timeline(route)).toEqual([
      'depot r:start @08:00:00 to=0m/00:00:00 idle=00:00:00 on=00:00:00',
      'job a @08:05:00 to=5000m/00:05:00 idle=00:25:00 on=00:10:00',
      'job b @08:42:00 to=2000m/00:02:00 idle=00:00:00 on=00:20:00',
      'depot r:end @09:09:00 to=7000m/00:07:00 idle=00:00:00 on=00:00:00',
    ]);
    expect(route.distance_meters).toBe(14000);
    expect(route.driving_time).toBe('00:14:00');
    expect(route.working_time).toBe('01:09:00');
    // 14 km at the default 0.07677 $/km + 69 min at the default 10 $/h.
    expect(route.cost).toBeCloseTo(14 * 0.07677 + (69 / 60) * 10, 9);
    expect(route.internal_cost).toBeCloseTo(route.cost, 9);
    expect(route.violations).toEqual([]);
    expect(route.stops![0]!.location).toBe('0,0');
  });

  test('a second window serves an arrival the first one missed', async () => {
    const early = { ...a, time_window: { start: '08:00', end: '08:03' }, time_window2: { start: '09:00', end: '10:00' } };
    const route = await routeOnGrid(basic({}, [early]));
    expect(timeline(route)[1]).toBe('job a @08:05:00 to=5000m/00:05:00 idle=00:55:00 on=00:10:00');
  });

  test('arriving after every window is a job_missed_time_window: hard by default, soft by setting', async () => {
    const late = { ...a, time_window: { start: '07:00', end: '07:30' } };
    const hard = await routeOnGrid(basic({}, [late]));
    expect(hard.stops![1]!.violations).toEqual([{ type: 'job_missed_time_window', data: { lateness: '00:35:00' } }]);
    // 10 km, 08:00 → 08:20 (5 + 10 + 5 minutes).
    const cost = 10 * 0.07677 + (20 / 60) * 10;
    expect(hard.cost).toBeCloseTo(cost, 9);
    expect(hard.internal_cost).toBeCloseTo(cost + 100000 + 35, 9);
    const soft = await routeOnGrid(basic({}, [late], { time_windows_as_hard_constraint: false }));
    expect(soft.internal_cost).toBeCloseTo(cost + 35, 9);
  });

  test('job type defaults give the time on site and the first window', async () => {
    const body = {
      job_types: [{ id: 'visit', default_time_on_site: '00:15', default_time_window: { start: '08:10', end: '09:00' } }],
      routes: [{ id: 'r', location: depot, start_time: '08:00', jobs: [{ id: 'a', location: '0, 0.05', type: 'visit' }] }],
    };
    expect(timeline(await routeOnGrid(body))[1]).toBe('job a @08:05:00 to=5000m/00:05:00 idle=00:05:00 on=00:15:00');
  });

  test('without stems the route starts at the first job and ends at the last', async () => {
    const route = await routeOnGrid(
      basic({ enable_start_stem_time: false, enable_end_stem_time: false }, [{ ...a, time_window: undefined }, b]),
    );
    expect(timeline(route)).toEqual([
      'job a @08:00:00 to=0m/00:00:00 idle=00:00:00 on=00:10:00',
      'job b @08:12:00 to=2000m/00:02:00 idle=00:00:00 on=00:20:00',
    ]);
    expect(route.working_time).toBe('00:32:00');
    expect(route.distance_meters).toBe(2000);
  });

  test('end_time missed: route_end_time_missed with the overrun, hard plus a dollar a minute', async () => {
    const route = await routeOnGrid(basic({ end_time: '09:00' }));
    expect(route.violations).toEqual([{ type: 'route_end_time_missed', data: { overrun: '00:09:00' } }]);
    expect(route.internal_cost - route.cost).toBeCloseTo(100000 + 9, 9);
  });

  test('driving_speed_percentage of route and vehicle multiply', async () => {
    const body = {
      vehicles: [{ id: 'v', driving_speed_percentage: 50 }],
      routes: [
        {
          id: 'r',
          location: depot,
          start_time: '08:00',
          vehicle: 'v',
          driving_speed_percentage: 50,
          jobs: [{ id: 'a', location: '0, 0.05' }],
        },
      ],
    };
    // 25 % speed: 5 km take 20 minutes each way.
    const route = await routeOnGrid(body);
    expect(route.driving_time).toBe('00:40:00');
    expect(route.vehicle).toBe('v');
  });

  test('an empty route is unused: no stops and no cost', async () => {
    const route = await routeOnGrid(basic({ fixed_cost: 50 }, []));
    expect(route).toMatchObject({ cost: 0, internal_cost: 0, distance_meters: 0, working_time: '00:00:00', stops: [], violations: [] });
  });
});

describe('schedule: working time, overtime, start time', () => {
  test('normal_working_time: hours beyond it cost the driver overtime rate', async () => {
    const body = { drivers: [{ id: 'd', overtime_cost_per_hour: 40 }], ...basic({ driver: 'd', normal_working_time: '01:00' }) };
    const route = await routeOnGrid(body);
    // 60 min at 10 $/h, the other 9 min at 40 $/h.
    expect(route.cost).toBeCloseTo(14 * 0.07677 + 10 + (9 / 60) * 40, 9);
  });

  test('max_working_time and max_driving_time exceeded', async () => {
    const route = await routeOnGrid(basic({ max_working_time: '01:00', max_driving_time: '00:10' }));
    expect(route.violations).toEqual([
      { type: 'route_max_working_time_exceeded', data: { working_time: '01:09:00', max_working_time: '01:00:00' } },
      { type: 'route_max_driving_time_exceeded', data: { driving_time: '00:14:00', max_driving_time: '00:10:00' } },
    ]);
    expect(route.internal_cost - route.cost).toBeCloseTo(2 * 100000 + 9 + 4, 9);
  });

  test('optimize_start_time leaves later by the waiting the windows absorb', async () => {
    const route = await routeOnGrid(basic({ optimize_start_time: true }));
    // 25 min of waiting at a, whose window ends 09:00: leave at 08:25, same end 09:09.
    expect(timeline(route).slice(0, 2)).toEqual([
      'depot r:start @08:25:00 to=0m/00:00:00 idle=00:00:00 on=00:00:00',
      'job a @08:30:00 to=5000m/00:05:00 idle=00:00:00 on=00:10:00',
    ]);
    expect(route.working_time).toBe('00:44:00');
    expect(route.cost).toBeCloseTo(14 * 0.07677 + (44 / 60) * 10, 9);
  });

  test('fixed_cost and cost_per_km / cost_per_hour of the route', async () => {
    const route = await routeOnGrid(basic({ fixed_cost: 5, cost_per_km: 1, cost_per_hour: 60 }));
    expect(route.cost).toBeCloseTo(14 + 69 + 5, 9);
  });
});
