import fc from 'fast-check';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { resolveProblem, type ResolvedProblem } from '../../../model/resolve.js';
import { validateRequest } from '../../../model/validation/validate.js';
import { compileProblem } from '../../../engine/compile/compile-problem.js';
import { planToSnapshot, resultToPlan } from '../../../engine/compile/solution-mapping.js';
import { evaluateRoute } from '../../../engine/evaluate/evaluate-route.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import type { TravelTable } from '../../../engine/evaluate/travel-table.js';
import { solve } from '../../../engine/core/solve.js';
import { exactProblem } from './exact-problems.js';

async function resolved(body: unknown): Promise<{ problem: ResolvedProblem; travel: TravelTable }> {
  const problem = resolveProblem(body, 'build');
  return { problem, travel: await problemTravelTable(problem, straightLineProvider) };
}

const allJobs = (problem: ResolvedProblem): number[] => problem.jobs.map((_, i) => i);

describe('compileProblem', () => {
  test('lays out job nodes, then a start and an end node per route, with the route limits on them', async () => {
    const { problem, travel } = await resolved({
      settings: { defaults: { driving_speed_percentage: 50 } },
      jobs: [
        {
          id: 'a',
          location: '47.61, -122.33',
          time_on_site: '00:10',
          time_window: { start: '09:00', end: '11:00' },
          loads: [{ metric: 'kg', amount: 4 }],
        },
        {
          id: 'b',
          location: '47.62, -122.34',
          exit_location: '47.63, -122.34',
          exit_time_on_site: '00:05',
          required_route_attributes: ['lift'],
        },
      ],
      routes: [
        {
          id: 'plain',
          location: '47.6, -122.3',
          start_time: '08:00',
          end_time: '17:00',
          load_capacities: [{ metric: 'kg', amount: 30 }],
          cost_per_hour: 36,
          cost_per_km: 2,
        },
        {
          id: 'lift',
          location: '47.6, -122.3',
          start_time: '07:00',
          max_working_time: '04:00',
          optimize_start_time: true,
          enable_end_stem_time: false,
          route_attributes: ['lift'],
          fixed_cost: 12,
        },
      ],
    });
    const compiled = compileProblem(problem, travel, problem.routes, allJobs(problem));
    const instance = compiled.instance;
    expect(compiled.approximations.size).toBe(0);
    expect(instance.nodeCount).toBe(2 + 2 * 2);
    expect(Array.from(instance.jobs)).toEqual([0, 1]);
    expect(Array.from(instance.vehicleStart)).toEqual([2, 4]);
    expect(Array.from(instance.vehicleEnd)).toEqual([3, 5]);
    // Fixed departure at 08:00 and end by 17:00; optimize_start_time frees the departure, 07:00 + 4 h bounds the end.
    expect([instance.timeWindowStart[2], instance.timeWindowEnd[2], instance.timeWindowEnd[3]]).toEqual([8 * 3600, 8 * 3600, 17 * 3600]);
    expect([instance.timeWindowStart[4], instance.timeWindowEnd[4], instance.timeWindowEnd[5]]).toEqual([7 * 3600, Infinity, 11 * 3600]);
    expect([instance.timeWindowStart[0], instance.timeWindowEnd[0]]).toEqual([9 * 3600, 11 * 3600]);
    // The exit stop is part of b's service (drive at half speed, 5 min on site) and of the distance out of b.
    const at = travel.indexOf({ lat: 47.62, lon: -122.34 });
    const exit = travel.indexOf({ lat: 47.63, lon: -122.34 });
    expect(instance.serviceTime[0]).toBe(600);
    expect(instance.serviceTime[1]).toBeCloseTo(travel.duration(at, exit) / 0.5 + 300, 9);
    const n = instance.nodeCount;
    expect(instance.distance[1 * n + 0]).toBeCloseTo(
      travel.distance(at, exit) + travel.distance(exit, travel.indexOf({ lat: 47.61, lon: -122.33 })),
      6,
    );
    // No end stem: reaching the end costs nothing beyond the exit leg.
    expect(instance.distance[1 * n + 5]).toBeCloseTo(travel.distance(at, exit), 6);
    expect(instance.duration[1 * n + 5]).toBe(0);
    expect(Array.from(instance.capacity)).toEqual([30, Infinity]);
    expect(Array.from(instance.demand)).toEqual([4, 0, 0, 0, 0, 0]);
    expect(Array.from(instance.costPerDistance)).toEqual([0.002, 0.07677 / 1000]);
    expect(Array.from(instance.costPerTime)).toEqual([0.01, 10 / 3600]);
    expect(Array.from(instance.fixedCost)).toEqual([0, 12]);
    // b needs a lift: only route 1 may serve it; a may ride in both.
    expect(instance.jobVehicleTypes[0]).toBe(0b11);
    expect(instance.jobVehicleTypes[1]).toBe(0b10);
  });

  test('names what it approximates: breaks shorten deadlines, two windows become one, pickups count whole', async () => {
    const { problem, travel } = await resolved({
      jobs: [
        {
          id: 'a',
          location: '47.61, -122.33',
          time_window: { start: '09:00', end: '10:00' },
          time_window2: { start: '13:00', end: '17:00' },
          load: -3,
        },
        { id: 'b', location: '47.62, -122.33', time_window: { start: '08:00', end: '12:00' }, load: 2 },
      ],
      routes: [
        {
          id: 'r',
          location: '47.6, -122.3',
          start_time: '08:00',
          end_time: '18:00',
          load_capacity: 10,
          breaks: [{ start: '11:00', length: '00:30' }],
        },
      ],
    });
    const compiled = compileProblem(problem, travel, problem.routes, allJobs(problem));
    const instance = compiled.instance;
    expect([...compiled.approximations].sort()).toEqual(['breaks', 'pickups', 'second_windows']);
    expect([instance.timeWindowStart[0], instance.timeWindowEnd[0]]).toEqual([13 * 3600, 16.5 * 3600]);
    expect([instance.timeWindowStart[1], instance.timeWindowEnd[1]]).toEqual([8 * 3600, 11.5 * 3600]);
    expect(instance.timeWindowEnd[3]).toBe(17.5 * 3600);
    expect(Array.from(instance.demand.subarray(0, 2))).toEqual([3, 2]);
  });

  test('uses the evaluator rules for eligibility: dates, drivers, zones, and routes that may serve nothing', async () => {
    const { problem, travel } = await resolved({
      vehicles: [{ id: 'van' }],
      drivers: [{ id: 'ann' }, { id: 'bob' }],
      zones: [
        {
          id: 'north',
          drivers: ['ann'],
          boundary: { vertices: ['47.65, -122.4', '47.65, -122.2', '47.7, -122.2', '47.7, -122.4', '47.65, -122.4'] },
        },
      ],
      jobs: [
        { id: 'monday', location: '47.61, -122.33', date: '2024-03-04' },
        { id: 'north', location: '47.67, -122.3' },
        { id: 'not-ann', location: '47.61, -122.32', forbidden_drivers: ['ann'] },
      ],
      routes: [
        { id: 'ann-mon', driver: 'ann', vehicle: 'van', date: '2024-03-04', location: '47.6, -122.3' },
        { id: 'bob-tue', driver: 'bob', vehicle: 'van', date: '2024-03-05', location: '47.6, -122.3' },
        { id: 'no-van', driver: 'bob', date: '2024-03-04', location: '47.6, -122.3' },
      ],
    });
    const instance = compileProblem(problem, travel, problem.routes, allJobs(problem)).instance;
    // Outside every zone a job may not go to a route with a driver at all.
    expect(Array.from(instance.jobVehicleTypes.subarray(0, 3))).toEqual([0, 0b01, 0]);
  });

  test('the core prices every route exactly as the evaluator does, and its routes have no violation, also with twin routes', async () => {
    await fc.assert(
      fc.asyncProperty(exactProblem, fc.boolean(), fc.integer({ min: 1, max: 1000 }), async (body, twins, seed) => {
        expect(validateRequest(body, 'build')).toEqual([]);
        const routes = twins ? [...body.routes, ...body.routes.map((route) => ({ ...route, id: `${route.id}-twin` }))] : body.routes;
        const { problem, travel } = await resolved({ ...body, routes });
        const compiled = compileProblem(problem, travel, problem.routes, allJobs(problem));
        expect([...compiled.approximations]).toEqual([]);
        // A twin joins its original's vehicle type; every route keeps a slot of its own.
        expect(compiled.instance.vehicleTypeCount).toBeLessThanOrEqual(body.routes.length);
        expect(new Set(compiled.routes).size).toBe(problem.routes.length);
        const result = solve(compiled.instance, { seed, maxIterations: 100 });
        for (const route of result.routes) {
          const jobs = route.jobs.map((node) => problem.jobs[compiled.jobs[node]!]!);
          const evaluation = evaluateRoute(problem, compiled.routes[route.slot]!, jobs, travel);
          expect(evaluation.violations).toBe(0);
          expect(route.cost).toBeCloseTo(evaluation.cost, 6);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('routes the evaluator cannot tell apart become one vehicle type with a vehicle per route', async () => {
    const van = { location: '47.6, -122.3', start_time: '08:00', end_time: '17:00', load_capacity: 10 };
    const { problem, travel } = await resolved({
      jobs: [
        { id: 'a', location: '47.61, -122.33', load: 2 },
        { id: 'lift', location: '47.62, -122.34', load: 2, required_route_attributes: ['lift'] },
      ],
      routes: [
        { id: 'van-1', ...van },
        { id: 'big', ...van, load_capacity: 20 },
        { id: 'van-2', ...van },
        { id: 'van-lift', ...van, route_attributes: ['lift'] },
        { id: 'van-3', ...van },
      ],
    });
    const compiled = compileProblem(problem, travel, problem.routes, allJobs(problem));
    const instance = compiled.instance;
    expect(compiled.routes.map((route) => route.id)).toEqual(['van-1', 'van-2', 'van-3', 'big', 'van-lift']);
    expect(Array.from(instance.vehicleCount)).toEqual([3, 1, 1]);
    expect(instance.nodeCount).toBe(2 + 2 * 3);
    expect(Array.from(instance.capacity)).toEqual([10, 20, 10]);
    expect(instance.jobVehicleTypes[1]).toBe(0b100);
    // Slot s is compiled.routes[s]: the core's result and a starting plan map through it both ways.
    const result = solve(instance, { seed: 1, maxIterations: 50, initial: planToSnapshot(compiled, new Map([[problem.routes[4]!, [0]]])) });
    const { plan, unassigned } = resultToPlan(compiled, result);
    expect(unassigned).toEqual([]);
    expect(plan.get(problem.routes[3]!)).toContain(1);
    expect([...plan.values()].flat().sort()).toEqual([0, 1]);
  });
});
