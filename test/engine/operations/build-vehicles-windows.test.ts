import { runOperation } from '../../../engine/operations/index.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { hardViolations, jobsByRoute, operate, totalInternalCost } from './operation-results.js';

type Body = Record<string, unknown>;

/** The request with each route's jobs (and vehicle) as a result planned them. */
function asPlanned(body: Body, result: { routes: { id: string; vehicle?: string }[] } & Parameters<typeof jobsByRoute>[0]): Body {
  const orders = jobsByRoute(result);
  const vehicles = new Map(result.routes.map((route) => [route.id, route.vehicle]));
  const routes = (body.routes as Body[]).map((route) => {
    const vehicle = vehicles.get(route.id as string);
    return { ...route, jobs: orders.get(route.id as string) ?? [], ...(vehicle !== undefined ? { vehicle } : {}) };
  });
  return { ...body, routes };
}

describe('build chooses vehicles', () => {
  const body = {
    vehicles: [
      { id: 'van', load_capacity: 4 },
      { id: 'lift-truck', attributes: ['lift'], load_capacity: 10 },
      // Its own yard and travel class: both must be in the travel build computes.
      { id: 'spare', load_capacity: 4, vehicle_type: 'truck', depot: 'yard' },
    ],
    depots: [{ id: 'yard', location: '47.55, -122.28' }],
    drivers: [{ id: 'ann', location: '47.60, -122.33' }, { id: 'bob', location: '47.60, -122.33', preferred_vehicle: 'van' }, { id: 'cy' }],
    jobs: [
      ...Array.from({ length: 5 }, (_, i) => ({
        id: `heavy${i}`,
        location: `47.6${i}, -122.30`,
        load: 1,
        required_vehicle_attributes: ['lift'],
      })),
      ...Array.from({ length: 3 }, (_, i) => ({ id: `light${i}`, location: `47.5${i}, -122.36`, load: 1 })),
    ],
    routes: [
      { id: 'r-ann', driver: 'ann', start_time: '08:00', end_time: '17:00' },
      { id: 'r-bob', driver: 'bob', start_time: '08:00', end_time: '17:00' },
      { id: 'r-cy', driver: 'cy', start_time: '08:00', end_time: '17:00' },
    ],
    settings: { time_limit: '00:00:02' },
  };

  test('routes with jobs get a vehicle (a preferred one when the driver has it), one route per vehicle, and the evaluator agrees', async () => {
    const result = await operate('build', body);
    expect(hardViolations(result)).toEqual([]);
    expect(result.unrouted_jobs).toEqual([]);
    const vehicles = result.routes.map((route) => route.vehicle);
    expect(vehicles.every((vehicle) => vehicle !== undefined)).toBe(true);
    expect(new Set(vehicles).size).toBe(vehicles.length);
    const byId = new Map(result.routes.map((route) => [route.id, route]));
    expect(byId.get('r-bob')!.vehicle).toBe('van');
    expect(byId.get('r-cy')!.vehicle).toBe('spare');
    for (const [route, jobs] of jobsByRoute(result))
      if (jobs.some((job) => job.startsWith('heavy'))) expect(byId.get(route)!.vehicle).toBe('lift-truck');

    const evaluated = await operate('evaluate', asPlanned(body, result));
    expect(hardViolations(evaluated)).toEqual([]);
    expect(totalInternalCost(evaluated)).toBeCloseTo(totalInternalCost(result), 6);
  }, 60_000);

  test('return_request keeps the chosen vehicles on the routes', async () => {
    const full = (await runOperation('build', { ...body, return_request: true }, {}, straightLineProvider, () => undefined)) as {
      routes: { vehicle?: string; response: { vehicle?: string } }[];
    };
    for (const route of full.routes) expect(route.vehicle).toBe(route.response.vehicle);
  }, 60_000);

  test('without vehicles for every route, the routes left over serve nothing', async () => {
    const scarce = { ...body, vehicles: [body.vehicles[1]], drivers: body.drivers.map(({ preferred_vehicle: _, ...driver }) => driver) };
    const result = await operate('build', scarce);
    expect(hardViolations(result)).toEqual([]);
    expect(result.routes.filter((route) => route.vehicle !== undefined).length).toBe(1);
  }, 60_000);
});

describe('soft time windows', () => {
  // Six jobs at one place, each taking an hour, all wanted between 09:00 and 10:00.
  const crowded = (hard: boolean): Body => ({
    jobs: Array.from({ length: 6 }, (_, i) => ({
      id: `j${i}`,
      location: `47.61, -122.3${i}`,
      time_on_site: '01:00',
      time_window: { start: '09:00', end: '10:00' },
    })),
    routes: [{ id: 'r', location: '47.60, -122.33', start_time: '08:00', end_time: '18:00' }],
    settings: { time_windows_as_hard_constraint: hard, time_limit: '00:00:02' },
  });

  test('hard windows leave out what cannot be on time; soft ones serve it late, priced per minute', async () => {
    const hard = await operate('build', crowded(true));
    expect(hardViolations(hard)).toEqual([]);
    expect(hard.unrouted_jobs.length).toBeGreaterThan(3);

    const soft = await operate('build', crowded(false));
    expect(hardViolations(soft, { time_windows_as_hard_constraint: false })).toEqual([]);
    expect(soft.unrouted_jobs).toEqual([]);
    const late = soft.routes[0]!.stops!.filter((stop) => stop.violations.some((v) => v.type === 'job_missed_time_window'));
    expect(late.length).toBeGreaterThanOrEqual(4);
    expect(soft.routes[0]!.internal_cost).toBeGreaterThan(soft.routes[0]!.cost);

    const evaluated = await operate('evaluate', asPlanned(crowded(false), soft));
    expect(totalInternalCost(evaluated)).toBeCloseTo(totalInternalCost(soft), 6);
  }, 60_000);

  test('a soft window never lets a route end past its end time', async () => {
    const body = crowded(false);
    const short = { ...body, routes: [{ id: 'r', location: '47.60, -122.33', start_time: '08:00', end_time: '12:30' }] };
    const result = await operate('build', short);
    expect(hardViolations(result, { time_windows_as_hard_constraint: false })).toEqual([]);
    expect(result.unrouted_jobs.length).toBeGreaterThan(0);
  }, 60_000);
});
