import fc from 'fast-check';
import { randomProblem } from '../evaluate/random-problems.js';
import { hardViolations, jobsByRoute, operate, totalInternalCost } from './operation-results.js';

const west = Array.from({ length: 5 }, (_, i) => ({ id: `w${i}`, location: `47.6, ${(-122.5 - i * 0.005).toFixed(3)}` }));
const east = Array.from({ length: 5 }, (_, i) => ({ id: `e${i}`, location: `47.6, ${(-122.1 + i * 0.005).toFixed(3)}` }));
// Five jobs per route at most: the optimum gives each cluster its own route.
const mixed = (settings: Record<string, unknown> = {}) => ({
  jobs: [...west, ...east].map((job) => ({ ...job, load: 1 })),
  routes: [
    { id: 'a', location: '47.6, -122.3', load_capacity: 5, jobs: ['w0', 'e0', 'w1', 'e1', 'w2'] },
    { id: 'b', location: '47.6, -122.3', load_capacity: 5, jobs: ['e2', 'w3', 'e3', 'w4', 'e4'] },
  ],
  settings: { time_limit: '00:10:00', ...settings },
});
/** Quality on an iteration budget: the ten-minute limit above is never reached. */
const budget = { maxIterations: 500 };

const routedIds = (body: { routes: { jobs: (string | { id: string })[] }[] }): string[] =>
  body.routes.flatMap((route) => route.jobs.map((job) => (typeof job === 'string' ? job : job.id))).sort();

describe('optimize', () => {
  test('moves jobs between routes and lowers the cost', async () => {
    const body = mixed();
    const before = await operate('evaluate', body);
    const result = await operate('optimize', body, budget);
    expect(result.unrouted_jobs).toEqual([]);
    const letters = [...jobsByRoute(result).values()].map((jobs) => new Set(jobs.map((id) => id[0])));
    expect(letters.every((set) => set.size === 1)).toBe(true);
    expect(totalInternalCost(result)).toBeLessThan(totalInternalCost(before));
  });

  test('on two threads: every job stays routed, and the clusters separate', async () => {
    const body = mixed();
    const result = await operate('optimize', body, { ...budget, threads: 2 });
    expect(result.unrouted_jobs).toEqual([]);
    expect([...jobsByRoute(result).values()].flat().sort()).toEqual(routedIds(body));
    const letters = [...jobsByRoute(result).values()].map((jobs) => new Set(jobs.map((id) => id[0])));
    expect(letters.every((set) => set.size === 1)).toBe(true);
  });

  test('unroutes a job no route can take, unless disable_unrouting_stops', async () => {
    const body = mixed();
    body.jobs[0] = { ...body.jobs[0]!, required_route_attributes: ['lift'] } as (typeof body.jobs)[number];
    const result = await operate('optimize', body, budget);
    expect(result.unrouted_jobs).toEqual([{ id: 'w0', reasons: ['missing_route_attributes'] }]);
    expect(hardViolations(result)).toEqual([]);

    const kept = await operate('optimize', { ...body, settings: { ...body.settings, disable_unrouting_stops: true } }, budget);
    expect(kept.unrouted_jobs).toEqual([]);
    expect([...jobsByRoute(kept).values()].flat()).toContain('w0');
    expect(hardViolations(kept)).toEqual(['missing_route_attributes']);
  });

  test('leaves top-level jobs on no route unrouted, and days of multi-day chains keep their jobs', async () => {
    const body = {
      drivers: [{ id: 'd', max_multiday_days: 2 }],
      jobs: [...west, ...east, { id: 'spare', location: '47.6, -122.3' }],
      routes: [
        { id: 'day1', driver: 'd', location: '47.6, -122.3', has_next_multiday_day: true, jobs: ['e0', 'w0'] },
        { id: 'day2', driver: 'd', location: '47.6, -122.3', jobs: ['w1', 'e1'] },
        { id: 'a', location: '47.6, -122.3', jobs: ['w2', 'e2', 'w3'] },
        { id: 'b', location: '47.6, -122.3', jobs: ['e3', 'w4', 'e4'] },
      ],
      settings: { time_limit: '00:00:02' },
    };
    const result = await operate('optimize', body);
    const routes = jobsByRoute(result);
    expect([...routes.get('day1')!].sort()).toEqual(['e0', 'w0']);
    expect([...routes.get('day2')!].sort()).toEqual(['e1', 'w1']);
    expect([...routes.get('a')!, ...routes.get('b')!].sort()).toEqual(['e2', 'e3', 'e4', 'w2', 'w3', 'w4']);
    expect(result.unrouted_jobs.map((job) => job.id)).toEqual(['spare']);
    expect(result.routes.find((route) => route.id === 'day1')!.next_multiday_day).toBe('day2');
  });

  test('random problems: no hard violation, or with disable_unrouting_stops every routed job stays routed', async () => {
    await fc.assert(
      fc.asyncProperty(randomProblem, fc.boolean(), async (generated, keep) => {
        const body = {
          ...generated,
          routes: generated.routes.map(({ has_next_multiday_day: _chain, ...route }) => route),
          settings: { ...generated.settings, time_limit: '00:00:01', disable_unrouting_stops: keep },
        };
        const result = await operate('optimize', body);
        const routed = [...jobsByRoute(result).values()].flat().sort();
        const unrouted = result.unrouted_jobs.map((job) => job.id);
        const given = routedIds(body);
        if (keep) expect(routed).toEqual(given);
        else {
          expect(hardViolations(result, body.settings)).toEqual([]);
          expect([...routed, ...unrouted.filter((id) => given.includes(id))].sort()).toEqual(given);
        }
      }),
      { numRuns: 100 },
    );
  });
});
