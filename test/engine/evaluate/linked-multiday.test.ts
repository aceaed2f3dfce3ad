import { evaluateOnGrid, routeOnGrid, timeline } from './grid-provider.js';

describe('linked stops', () => {
  test('the exit location is a job_exit stop right after its job, with exit_time_on_site', async () => {
    const route = await routeOnGrid({
      routes: [
        {
          id: 'r',
          location: '0, 0',
          start_time: '08:00',
          jobs: [
            {
              id: 'a',
              location: '0, 0.05',
              time_on_site: '00:10',
              exit_location: '0, 0.08',
              exit_time_on_site: '00:05',
              custom: { k: 'v' },
            },
          ],
        },
      ],
    });
    expect(timeline(route)).toEqual([
      'depot r:start @08:00:00 to=0m/00:00:00 idle=00:00:00 on=00:00:00',
      'job a @08:05:00 to=5000m/00:05:00 idle=00:00:00 on=00:10:00',
      'job_exit a @08:18:00 to=3000m/00:03:00 idle=00:00:00 on=00:05:00',
      'depot r:end @08:31:00 to=8000m/00:08:00 idle=00:00:00 on=00:00:00',
    ]);
    expect(route.stops![2]).toMatchObject({ previous_job: 'a' });
    expect(route.stops![2]!.custom).toBeUndefined();
    expect(route.distance_meters).toBe(16000);
  });
});

const twoDays = (driver: Record<string, unknown>, jobs: [unknown[], unknown[]], capacity?: number) => ({
  drivers: [{ id: 'd', ...driver }],
  routes: [
    {
      id: 'day1',
      date: '2024-03-04',
      driver: 'd',
      location: '0, 0',
      start_time: '08:00',
      has_next_multiday_day: true,
      jobs: jobs[0],
      ...(capacity === undefined ? {} : { load_capacity: capacity }),
    },
    {
      id: 'day2',
      date: '2024-03-05',
      driver: 'd',
      location: '0, 0',
      start_time: '08:00',
      jobs: jobs[1],
      ...(capacity === undefined ? {} : { load_capacity: capacity }),
    },
  ],
});

describe('multi-day routes', () => {
  test('days are chained by overnight stops where the driver stopped', async () => {
    const result = await evaluateOnGrid(
      twoDays({ max_multiday_days: 2 }, [[{ id: 'a', location: '0, 0.05', time_on_site: '00:10' }], [{ id: 'b', location: '0, 0.1' }]]),
    );
    const [day1, day2] = result.routes;
    expect(timeline(day1!)).toEqual([
      'depot day1:start @2024-03-04T08:00:00 to=0m/00:00:00 idle=00:00:00 on=00:00:00',
      'job a @2024-03-04T08:05:00 to=5000m/00:05:00 idle=00:00:00 on=00:10:00',
      'overnight day1 @2024-03-04T08:15:00 to=0m/00:00:00 idle=00:00:00 on=00:00:00',
    ]);
    expect(day1!.stops![2]!.location).toBe('0,0.05');
    expect(day1!.next_multiday_day).toBe('day2');
    expect(day1!.previous_multiday_day).toBeUndefined();
    expect(timeline(day2!)).toEqual([
      'overnight day1 @2024-03-05T08:00:00 to=0m/00:00:00 idle=00:00:00 on=00:00:00',
      'job b @2024-03-05T08:05:00 to=5000m/00:05:00 idle=00:00:00 on=00:00:00',
      'depot day2:end @2024-03-05T08:15:00 to=10000m/00:10:00 idle=00:00:00 on=00:00:00',
    ]);
    expect(day2!.previous_multiday_day).toBe('day1');
    expect(day1!.planned_start_date_time).toBe('2024-03-04T08:00:00');
    expect(result.routes.flatMap((r) => r.violations)).toEqual([]);
  });

  test('a chain longer than max_multiday_days (default 1) is multiday_limit_exceeded', async () => {
    const result = await evaluateOnGrid(twoDays({}, [[{ id: 'a', location: '0, 0.05' }], [{ id: 'b', location: '0, 0.1' }]]));
    expect(result.routes[0]!.violations).toEqual([{ type: 'multiday_limit_exceeded', data: { days: 2, max_multiday_days: 1 } }]);
  });

  test('load capacity holds across the whole trip: later deliveries ride along, earlier pickups stay aboard', async () => {
    // Day 1 picks up 2; day 2 delivers 3, loaded at the start of day 1. Capacity 4.
    const result = await evaluateOnGrid(
      twoDays({ max_multiday_days: 2 }, [[{ id: 'a', location: '0, 0.05', load: -2 }], [{ id: 'b', location: '0, 0.1', load: 3 }]], 4),
    );
    expect(result.routes[0]!.violations).toEqual([{ type: 'route_over_capacity', data: { load: 5, capacity: 4 } }]);
    expect(result.routes[1]!.violations).toEqual([{ type: 'route_over_capacity', data: { load: 5, capacity: 4 } }]);
  });
});

describe('loads and capacities', () => {
  const route = (jobs: unknown[], fields: Record<string, unknown>) =>
    routeOnGrid({ routes: [{ id: 'r', location: '0, 0', jobs, ...fields }] });
  const a = { id: 'a', location: '0, 0.01', load: 6 };
  const b = { id: 'b', location: '0, 0.02', load: -5 };
  const c = { id: 'c', location: '0, 0.03', load: 3 };

  test('deliveries leave the depot aboard, pickups add on the way: the peak must fit', async () => {
    // 9 aboard; 3 after a; 8 after b; 5 after c.
    expect((await route([a, b, c], { load_capacity: 9 })).violations).toEqual([]);
    // b first: 9 aboard, 14 after b.
    const over = await route([b, a, c], { load_capacity: 10 });
    expect(over.violations).toEqual([{ type: 'route_over_capacity', data: { load: 14, capacity: 10 } }]);
    expect(over.internal_cost - over.cost).toBeCloseTo(100000 + 4, 9);
  });

  test('per metric: load_capacities against loads, a metric without capacity is unlimited; the vehicle capacity applies too', async () => {
    const kg = (id: string, lon: number, amount: number) => ({
      id,
      location: `0, ${lon}`,
      loads: [
        { metric: 'kg', amount },
        { metric: 'pallets', amount: 100 },
      ],
    });
    const over = await route([kg('x', 0.01, 30), kg('y', 0.02, 30)], { load_capacities: [{ metric: 'kg', amount: 50 }] });
    expect(over.violations).toEqual([{ type: 'route_over_capacity', data: { metric: 'kg', load: 60, capacity: 50 } }]);
    const body = {
      vehicles: [{ id: 'v', load_capacities: [{ metric: 'kg', amount: 70 }] }],
      routes: [{ id: 'r', location: '0, 0', vehicle: 'v', jobs: [kg('x', 0.01, 30), kg('y', 0.02, 30)] }],
    };
    expect((await routeOnGrid(body)).violations).toEqual([]);
  });

  test('max_jobs_on_route exceeded', async () => {
    const over = await route([a, c], { max_jobs_on_route: 1 });
    expect(over.violations).toEqual([{ type: 'route_max_jobs_exceeded', data: { jobs: 2, max_jobs_on_route: 1 } }]);
    expect(over.internal_cost - over.cost).toBeCloseTo(100000 + 1, 9);
  });
});
