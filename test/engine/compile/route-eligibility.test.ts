import { RouteEligibility } from '../../../engine/compile/route-eligibility.js';
import { jobMayServe, jobRouteViolationTypes } from '../../../engine/evaluate/job-rules.js';
import { routeStaticViolations } from '../../../engine/evaluate/route-rules.js';
import { routeSettings } from '../../../engine/evaluate/route-settings.js';
import { resolveProblem } from '../../../model/resolve.js';
import { ruleFixtures } from '../evaluate/rule-fixtures.js';

describe('RouteEligibility', () => {
  test('answers as the rules do on every route, holding each job once against routes the rules cannot tell apart', () => {
    const monday = { location: '0, 0', date: '2024-03-04', driver: 'd1', route_attributes: ['big'] };
    const problem = resolveProblem(
      {
        ...ruleFixtures,
        vehicles: [{ id: 'lift-van', attributes: ['lift'] }],
        routes: [
          { id: 'mon', ...monday },
          // What the rules do not read (times, costs, capacities) leaves a route in the same class.
          { id: 'mon-twin', ...monday, start_time: '06:00', end_time: '12:00', cost_per_hour: 99, load_capacity: 3 },
          { id: 'mon-d2', ...monday, driver: 'd2' },
          { id: 'mon-lift', ...monday, vehicle: 'lift-van' },
          { id: 'mon-cold', ...monday, start_location: 'cold' },
          { id: 'mon-plain', ...monday, route_attributes: [] },
          { id: 'tue', ...monday, date: '2024-03-05' },
        ],
        jobs: [
          { id: 'plain', location: '0.5, 0.5' },
          { id: 'in-zone', location: '0, 0.01' },
          { id: 'tuesday', location: '0.5, 0.5', allowed_dates: ['2024-03-05'] },
          { id: 'big', location: '0.5, 0.5', required_route_attributes: ['big'] },
          { id: 'hazmat', location: '0.5, 0.5', required_driver_attributes: ['hazmat'] },
          { id: 'lift', location: '0.5, 0.5', required_vehicle_attributes: ['lift'] },
          { id: 'not-d1', location: '0.5, 0.5', forbidden_drivers: ['d1'] },
          { id: 'fridge', location: '0.5, 0.5', required_pre_job_depot_attributes: ['fridge'] },
        ],
      },
      'build',
    );
    const eligibility = new RouteEligibility(problem);
    const seen = { yes: 0, no: 0 };
    for (const job of problem.jobs.keys()) {
      for (const route of problem.routes) {
        const settings = routeSettings(problem, route);
        const serves = jobMayServe(problem, problem.jobs[job]!, route, settings, {});
        expect([problem.jobs[job]!.id, route.id, eligibility.mayServe(job, route)]).toEqual([problem.jobs[job]!.id, route.id, serves]);
        expect(eligibility.ruleViolationTypes(job, route)).toEqual(
          jobRouteViolationTypes(problem, problem.jobs[job]!, route, settings, {}),
        );
        seen[serves ? 'yes' : 'no']++;
      }
    }
    for (const route of problem.routes) {
      expect(eligibility.routeViolationTypes(route)).toEqual(
        routeStaticViolations(problem, route, routeSettings(problem, route), {}).map((violation) => violation.type),
      );
    }
    expect(seen.yes).toBeGreaterThan(10);
    expect(seen.no).toBeGreaterThan(10);
    // mon and mon-twin are one class; the five others differ each in one thing the rules read.
    expect(eligibility.checks).toBe(problem.jobs.length * 6);
  });
});
