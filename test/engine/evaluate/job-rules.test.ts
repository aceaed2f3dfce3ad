import { jobMayServe, jobRouteViolations, jobRouteViolationTypes } from '../../../engine/evaluate/job-rules.js';
import { routeSettings } from '../../../engine/evaluate/route-settings.js';
import { resolveProblem } from '../../../model/resolve.js';
import { evaluateOnGrid, routeOnGrid } from './grid-provider.js';
import { ruleFixtures } from './rule-fixtures.js';

/** Violations of the one job of a route built from these parts (2024-03-04 is a Monday). */
async function jobViolations(job: Record<string, unknown>, route: Record<string, unknown> = {}, problem: Record<string, unknown> = {}) {
  const response = await routeOnGrid({
    ...problem,
    routes: [{ id: 'r', location: '0, 0', date: '2024-03-04', jobs: [{ id: 'j', location: '0, 0.01', ...job }], ...route }],
  });
  return response.stops!.find((s) => s.type === 'job')!.violations;
}

describe('dates', () => {
  test('date ± variance', async () => {
    expect(await jobViolations({ date: '2024-03-05', allowed_variance_before: 1 })).toEqual([]);
    expect(await jobViolations({ date: '2024-03-06', allowed_variance_before: 1, allowed_variance_after: 2 })).toEqual([
      { type: 'job_missed_date_window', data: { route_date: '2024-03-04', earliest: '2024-03-05', latest: '2024-03-08' } },
    ]);
  });

  test('allowed days of week and allowed dates; an empty allowed_dates never fits', async () => {
    expect(await jobViolations({ allowed_days_of_week: ['mon', 'tue'] })).toEqual([]);
    expect(await jobViolations({ allowed_days_of_week: ['tue'] })).toEqual([
      { type: 'job_delivered_on_disallowed_day', data: { route_date: '2024-03-04', day_of_week: 'mon' } },
    ]);
    expect(await jobViolations({ allowed_dates: ['2024-03-04'] })).toEqual([]);
    expect((await jobViolations({ allowed_dates: [] })).map((v) => v.type)).toEqual(['job_delivered_on_disallowed_day']);
  });
});

describe('attributes and drivers', () => {
  test('route attributes: required and disallowed', async () => {
    expect(
      await jobViolations(
        { required_route_attributes: ['cold', 'big'], disallowed_route_attributes: ['cold'] },
        { route_attributes: ['cold'] },
      ),
    ).toEqual([
      { type: 'missing_route_attributes', data: { attributes: ['big'] } },
      { type: 'disallowed_route_attributes', data: { attributes: ['cold'] } },
    ]);
  });

  test('driver attributes, required and forbidden drivers', async () => {
    const problem = { drivers: [{ id: 'd1', attributes: ['hazmat'] }, { id: 'd2' }] };
    expect(await jobViolations({ required_driver_attributes: ['hazmat'] }, { driver: 'd1' }, problem)).toEqual([]);
    expect(
      await jobViolations(
        {
          required_driver_attributes: ['english'],
          disallowed_driver_attributes: ['hazmat'],
          required_driver: 'd2',
          forbidden_drivers: ['d1'],
        },
        { driver: 'd1' },
        problem,
      ),
    ).toEqual([
      { type: 'missing_driver_attributes', data: { attributes: ['english'] } },
      { type: 'disallowed_driver_attributes', data: { attributes: ['hazmat'] } },
      { type: 'job_required_driver', data: { required_driver: 'd2', driver: 'd1' } },
      { type: 'job_forbidden_driver', data: { driver: 'd1' } },
    ]);
  });

  test('vehicles: missing vehicle attributes, a route without a vehicle, a driver without the vehicle’s required attributes', async () => {
    const problem = { vehicles: [{ id: 'v', attributes: ['lift'], required_driver_attributes: ['licence_c'] }], drivers: [{ id: 'd' }] };
    expect(await jobViolations({ required_vehicle_attributes: ['lift', 'crane'] }, { vehicle: 'v', driver: 'd' }, problem)).toEqual([
      { type: 'missing_vehicle_attributes', data: { attributes: ['crane'] } },
    ]);
    const withVehicle = await evaluateOnGrid({
      ...problem,
      routes: [{ id: 'r', location: '0, 0', vehicle: 'v', driver: 'd', jobs: [{ id: 'j', location: '0, 0.01' }] }],
    });
    expect(withVehicle.routes[0]!.violations).toEqual([{ type: 'vehicle_missing_driver_attributes', data: { attributes: ['licence_c'] } }]);
    const withoutVehicle = await evaluateOnGrid({
      ...problem,
      routes: [{ id: 'r', location: '0, 0', jobs: [{ id: 'j', location: '0, 0.01' }] }],
    });
    expect(withoutVehicle.routes[0]!.violations).toEqual([{ type: 'route_has_no_vehicle' }]);
    expect(withoutVehicle.routes[0]!.internal_cost - withoutVehicle.routes[0]!.cost).toBeCloseTo(100000, 9);
  });

  test('depot attributes: the start depot must have the pre-job ones, the end depot the post-job ones', async () => {
    const markers = [{ id: 'dock', location: '0, 0', is_depot: true, attributes: ['loading_dock'] }];
    expect(
      await jobViolations(
        { required_pre_job_depot_attributes: ['loading_dock'], required_post_job_depot_attributes: ['fridge'] },
        { location: 'dock' },
        { markers },
      ),
    ).toEqual([{ type: 'missing_post_job_depot_attributes', data: { attributes: ['fridge'] } }]);
  });
});

describe('zones', () => {
  // A square around 0,0.01 (job j) assigned to d2.
  const zones = [
    {
      id: 'z',
      drivers: ['d2'],
      boundary: { vertices: ['-0.005, 0.005', '-0.005, 0.015', '0.005, 0.015', '0.005, 0.005', '-0.005, 0.005'] },
    },
  ];
  const drivers = [{ id: 'd1' }, { id: 'd2' }];

  test('a job in a zone served by a driver who is not one of its drivers: driver_not_in_zone', async () => {
    expect(await jobViolations({}, { driver: 'd2' }, { zones, drivers })).toEqual([]);
    expect(await jobViolations({}, { driver: 'd1' }, { zones, drivers })).toEqual([
      { type: 'driver_not_in_zone', data: { zones: ['z'], driver: 'd1' } },
    ]);
  });

  test('a job in no zone assigned to a driver: job_not_in_zone', async () => {
    expect(await jobViolations({ location: '0.5, 0.5' }, { driver: 'd1' }, { zones, drivers })).toEqual([
      { type: 'job_not_in_zone', data: { driver: 'd1' } },
    ]);
  });
});

describe('jobMayServe and jobRouteViolationTypes', () => {
  test('answer what jobRouteViolations finds, over every rule', () => {
    const problem = resolveProblem({
      ...ruleFixtures,
      routes: [
        { id: 'mon', location: '0, 0', date: '2024-03-04', driver: 'd1', route_attributes: ['big'] },
        { id: 'tue', location: '0, 0', date: '2024-03-05', driver: 'd2', start_location: 'cold' },
        { id: 'undated', location: '0, 0', driver: 'd2' },
      ],
      jobs: [
        { id: 'plain', location: '0.5, 0.5' },
        { id: 'in-zone', location: '0, 0.01' },
        { id: 'tuesday', location: '0.5, 0.5', allowed_dates: ['2024-03-05'] },
        { id: 'weekday', location: '0.5, 0.5', allowed_days_of_week: ['mon'] },
        { id: 'dated', location: '0.5, 0.5', date: '2024-03-06', allowed_variance_before: 1 },
        { id: 'big', location: '0.5, 0.5', required_route_attributes: ['big'] },
        { id: 'not-big', location: '0.5, 0.5', disallowed_route_attributes: ['big'] },
        { id: 'hazmat', location: '0.5, 0.5', required_driver_attributes: ['hazmat'] },
        { id: 'no-hazmat', location: '0.5, 0.5', disallowed_driver_attributes: ['hazmat'] },
        { id: 'truck', location: '0.5, 0.5', required_vehicle_attributes: ['lift'] },
        { id: 'd2-only', location: '0.5, 0.5', required_driver: 'd2' },
        { id: 'not-d1', location: '0.5, 0.5', forbidden_drivers: ['d1'] },
        { id: 'fridge', location: '0.5, 0.5', required_pre_job_depot_attributes: ['fridge'] },
      ],
    });
    const seen = { yes: 0, no: 0 };
    for (const route of problem.routes) {
      const settings = routeSettings(problem, route);
      for (const job of problem.jobs) {
        const violations = jobRouteViolations(problem, job, route, settings, {});
        const fits = violations.length === 0;
        expect([job.id, route.id, jobMayServe(problem, job, route, settings, {})]).toEqual([job.id, route.id, fits]);
        expect(jobRouteViolationTypes(problem, job, route, settings, {})).toEqual(violations.map((violation) => violation.type));
        seen[fits ? 'yes' : 'no']++;
      }
    }
    // Both answers occur, so the comparison is not vacuous.
    expect(seen).toEqual({ yes: 19, no: 20 });
  });
});
