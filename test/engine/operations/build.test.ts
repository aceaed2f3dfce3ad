import fc from 'fast-check';
import { randomProblem } from '../evaluate/random-problems.js';
import { hardViolations, jobsByRoute, operate, totalCost } from './operation-results.js';
import { planningProblem } from './planning-problems.js';

const ids = (body: { jobs: { id: string }[]; routes: { jobs: (string | { id: string })[] }[] }): string[] =>
  [
    ...body.jobs.map((job) => job.id),
    ...body.routes.flatMap((route) => route.jobs.flatMap((job) => (typeof job === 'string' ? [] : [job.id]))),
  ].sort();

describe('build', () => {
  test('random problems: never a hard violation, every job on one route or unrouted with its reasons', async () => {
    await fc.assert(
      fc.asyncProperty(randomProblem, async (body) => {
        const request = { ...body, settings: { ...body.settings, time_limit: '00:00:01' } };
        const result = await operate('build', request);
        expect(hardViolations(result, body.settings)).toEqual([]);
        const routed = [...jobsByRoute(result).values()].flat();
        const unrouted = result.unrouted_jobs.map((job) => job.id);
        expect([...routed, ...unrouted].sort()).toEqual(ids(body));
        for (const job of result.unrouted_jobs) expect(Array.isArray(job.reasons)).toBe(true);
      }),
      { numRuns: 120 },
    );
  });

  test('plans a day of windows, two capacities, breaks and attributes without hard violations', async () => {
    // Quality on an iteration budget: the ten-minute limit is never reached.
    const body = planningProblem({
      jobs: 120,
      routesPerDay: 6,
      windows: true,
      capacities: true,
      breaks: true,
      attributes: true,
      settings: { time_limit: '00:10:00' },
    });
    const result = await operate('build', body, { maxIterations: 3000 });
    expect(hardViolations(result)).toEqual([]);
    expect(result.unrouted_jobs.length).toBeLessThan(6);
    const lift = new Set(body.jobs.filter((job) => job.required_route_attributes !== undefined).map((job) => job.id));
    for (const [route, jobs] of jobsByRoute(result)) {
      if (!body.routes.find((r) => r.id === route)!.route_attributes) expect(jobs.filter((job) => lift.has(job))).toEqual([]);
    }
  });

  test('is reproducible under settings.random_seed when it ends on its iteration budget', async () => {
    const body = planningProblem({
      jobs: 15,
      routesPerDay: 3,
      windows: true,
      capacities: true,
      settings: { random_seed: 7, time_limit: '00:01:00' },
    });
    const first = await operate('build', body);
    const second = await operate('build', body);
    expect(second).toEqual(first);
  });

  test('improves on a cheapest-insertion start: routes are compact', async () => {
    // Two clusters, two routes: the optimum serves each cluster with one route.
    const jobs = [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `w${i}`, location: `47.6, ${(-122.5 - i * 0.005).toFixed(3)}` })),
      ...Array.from({ length: 6 }, (_, i) => ({ id: `e${i}`, location: `47.6, ${(-122.1 + i * 0.005).toFixed(3)}` })),
    ];
    const body = {
      jobs,
      routes: [
        { id: 'a', location: '47.6, -122.3', load_capacity: 6 },
        { id: 'b', location: '47.6, -122.3', load_capacity: 6 },
      ],
      settings: { time_limit: '00:10:00' },
    };
    const result = await operate('build', { ...body, jobs: jobs.map((job) => ({ ...job, load: 1 })) }, { maxIterations: 1000 });
    const routes = [...jobsByRoute(result).values()].map((route) => new Set(route.map((id) => id[0])));
    expect(routes.every((letters) => letters.size === 1)).toBe(true);
    expect(totalCost(result)).toBeGreaterThan(0);
  });

  test('unrouted jobs carry the violation types that keep them off every route', async () => {
    const body = {
      jobs: [
        { id: 'fits', location: '47.61, -122.33', load: 1 },
        { id: 'needs-lift', location: '47.61, -122.33', required_route_attributes: ['lift'] },
        { id: 'too-heavy', location: '47.61, -122.33', load: 50 },
        { id: 'too-late', location: '47.61, -122.33', time_window: { start: '19:00', end: '20:00' } },
        { id: 'wrong-day', location: '47.61, -122.33', date: '2024-03-09' },
      ],
      routes: [{ id: 'r', location: '47.6, -122.3', date: '2024-03-04', start_time: '08:00', end_time: '17:00', load_capacity: 10 }],
    };
    const result = await operate('build', body);
    expect(Object.fromEntries(result.unrouted_jobs.map((job) => [job.id, job.reasons]))).toEqual({
      'needs-lift': ['missing_route_attributes'],
      'too-heavy': ['route_over_capacity'],
      'too-late': ['route_end_time_missed'],
      'wrong-day': ['job_missed_date_window'],
    });
    expect(jobsByRoute(result).get('r')).toEqual(['fits']);
  });

  // The limit covers the set-up too: one already spent when the build starts skips the search and
  // answers the construction, checked (a deterministic condition, not a race with the clock).
  test('with settings.time_limit 0 answers the checked construction, without hard violations', async () => {
    const body = planningProblem({ jobs: 150, routesPerDay: 5, windows: true, capacities: true, settings: { time_limit: '00:00:00' } });
    const result = await operate('build', body);
    expect(hardViolations(result)).toEqual([]);
    expect([...[...jobsByRoute(result).values()].flat(), ...result.unrouted_jobs.map((job) => job.id)].sort()).toEqual(ids(body));
    expect(jobsByRoute(await operate('build', body))).toEqual(jobsByRoute(result));
  });
});
