import fc from 'fast-check';
import { resolveProblem } from '../../../model/resolve.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { evaluateRoute } from '../../../engine/evaluate/evaluate-route.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { RouteObjective } from '../../../engine/planning/route-objective.js';

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const jobArbitrary = fc.record({
  lat: fc.double({ min: 47.5, max: 47.7, noNaN: true }),
  lon: fc.double({ min: -122.45, max: -122.2, noNaN: true }),
  onSite: fc.integer({ min: 0, max: 30 }),
  window: fc.option(fc.tuple(fc.integer({ min: 420, max: 900 }), fc.integer({ min: 0, max: 240 })), { nil: undefined }),
  window2: fc.option(fc.tuple(fc.integer({ min: 900, max: 1200 }), fc.integer({ min: 0, max: 120 })), { nil: undefined }),
  load: fc.integer({ min: -5, max: 10 }),
  exit: fc.boolean(),
});

// Breaks, loads, limits and start-time optimization change what an order costs, so they are part of the comparison.
const routeExtrasArbitrary = fc.record({
  breaks: fc.array(
    fc.oneof(
      fc.record({ start: fc.integer({ min: 420, max: 1100 }).map((m) => hhmm(m)), length: fc.constant('00:20') }),
      fc.record({ earliest_start: fc.constant('11:00'), latest_start: fc.constant('12:00'), length: fc.constant('00:30') }),
    ),
    { maxLength: 2 },
  ),
  capacity: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  maxJobs: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  maxWorking: fc.option(
    fc.integer({ min: 60, max: 600 }).map((m) => hhmm(m)),
    { nil: undefined },
  ),
  optimizeStart: fc.boolean(),
  legal: fc.boolean(),
});

describe('RouteObjective', () => {
  test('prices every order exactly as evaluateRoute does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(jobArbitrary, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.integer({ min: 600, max: 1400 }), { nil: undefined }),
        fc.integer({ min: 50, max: 150 }),
        routeExtrasArbitrary,
        async (specs, startStem, endStem, hardWindows, endTime, speed, extras) => {
          const body = {
            routes: [
              {
                id: 'r',
                start_location: '47.6, -122.33',
                end_location: '47.62, -122.3',
                start_time: '07:00',
                ...(endTime !== undefined ? { end_time: hhmm(endTime) } : {}),
                enable_start_stem_time: startStem,
                enable_end_stem_time: endStem,
                driving_speed_percentage: speed,
                cost_per_hour: 25,
                breaks: extras.breaks,
                optimize_start_time: extras.optimizeStart,
                ...(extras.capacity !== undefined ? { load_capacity: extras.capacity } : {}),
                ...(extras.maxJobs !== undefined ? { max_jobs_on_route: extras.maxJobs } : {}),
                ...(extras.maxWorking !== undefined ? { max_working_time: extras.maxWorking } : {}),
                jobs: specs.map((s, i) => ({
                  id: `j${i}`,
                  location: `${s.lat}, ${s.lon}`,
                  time_on_site: hhmm(s.onSite),
                  ...(s.window ? { time_window: { start: hhmm(s.window[0]), end: hhmm(s.window[0] + s.window[1]) } } : {}),
                  ...(s.window && s.window2 ? { time_window2: { start: hhmm(s.window2[0]), end: hhmm(s.window2[0] + s.window2[1]) } } : {}),
                  load: s.load,
                  ...(s.exit ? { exit_location: `${s.lat + 0.01}, ${s.lon}`, exit_time_on_site: '00:05' } : {}),
                })),
              },
            ],
            settings: {
              time_windows_as_hard_constraint: hardWindows,
              ...(extras.legal ? { enable_legal_breaks: true, legal_break_duration: '00:30', legal_break_interval: '02:00' } : {}),
            },
          };
          const problem = resolveProblem(body, 'evaluate');
          const travel = await problemTravelTable(problem, straightLineProvider);
          const route = problem.routes[0]!;
          const objective = new RouteObjective(problem, route, route.jobs, travel);
          const order = route.jobs.map((_, i) => i).reverse();
          const evaluation = evaluateRoute(
            problem,
            route,
            order.map((i) => route.jobs[i]!),
            travel,
          );
          expect(objective.cost(order)).toBeCloseTo(evaluation.internalCost, 6);
        },
      ),
      { numRuns: 200 },
    );
  });
});
