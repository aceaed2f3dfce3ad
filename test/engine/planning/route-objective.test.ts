import fc from 'fast-check';
import { resolveProblem } from '../../../model/resolve.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { evaluateRoute } from '../../../engine/evaluate/evaluate-route.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { RouteObjective } from '../../../engine/planning/route-objective.js';
import { cheapestInsertion, PROBED_POSITIONS } from '../../../engine/planning/cheapest-insertion.js';
import { seededRandom } from '../../../engine/planning/search-budget.js';

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

/** Jobs (at least `minJobs`), stems, hard windows, end time, speed and extras of one route. */
const routeCaseArbitrary = (minJobs: number) =>
  fc.tuple(
    fc.array(jobArbitrary, { minLength: minJobs, maxLength: 12 }),
    fc.boolean(),
    fc.boolean(),
    fc.boolean(),
    fc.option(fc.integer({ min: 600, max: 1400 }), { nil: undefined }),
    fc.integer({ min: 50, max: 150 }),
    routeExtrasArbitrary,
  );
type RouteCase = ReturnType<typeof routeCaseArbitrary> extends fc.Arbitrary<infer T> ? T : never;

/** One route of the given jobs, stems, windows, end time, speed and extras, as the evaluator takes it. */
function routeBody([specs, startStem, endStem, hardWindows, endTime, speed, extras]: RouteCase): unknown {
  return {
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
}

describe('RouteObjective', () => {
  test('prices every order exactly as evaluateRoute does', async () => {
    await fc.assert(
      fc.asyncProperty(routeCaseArbitrary(1), async (routeCase) => {
        const body = routeBody(routeCase);
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
      }),
      { numRuns: 200 },
    );
  });
});

describe('RouteObjective insertions', () => {
  test('prices every insertion of a job into a prepared order bit for bit as the whole order is priced', async () => {
    await fc.assert(
      fc.asyncProperty(routeCaseArbitrary(2), async (routeCase) => {
        const problem = resolveProblem(routeBody(routeCase), 'evaluate');
        const travel = await problemTravelTable(problem, straightLineProvider);
        const route = problem.routes[0]!;
        const inserting = new RouteObjective(problem, route, route.jobs, travel);
        const whole = new RouteObjective(problem, route, route.jobs, travel);
        // Job 0 into the others, reversed, before each position up to the last.
        const order = route.jobs
          .map((_, i) => i)
          .slice(1)
          .reverse();
        inserting.prepareInsertions(order, 0, order.length);
        for (let position = 0; position <= order.length; position++) {
          const candidate = [...order.slice(0, position), 0, ...order.slice(position)];
          expect(inserting.insertionCost(candidate, position)).toBe(whole.cost(candidate));
          expect(inserting.hardViolations).toBe(whole.hardViolations);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('cheapestInsertion times the jobs before each position tried once, not once per position', async () => {
    const body = {
      routes: [
        {
          id: 'r',
          location: '47.6, -122.33',
          start_time: '07:00',
          jobs: Array.from({ length: 41 }, (_, i) => ({
            id: `j${i}`,
            location: `${47.55 + ((i * 17) % 41) * 0.003}, ${-122.4 + ((i * 29) % 41) * 0.004}`,
            time_on_site: '00:05',
          })),
        },
      ],
    };
    const problem = resolveProblem(body, 'evaluate');
    const travel = await problemTravelTable(problem, straightLineProvider);
    const route = problem.routes[0]!;
    const objective = new RouteObjective(problem, route, route.jobs, travel);
    const order = route.jobs.map((_, i) => i).slice(1);
    const positions = objective.likelyPositions(order, 0, PROBED_POSITIONS);
    expect(positions.length).toBe(PROBED_POSITIONS);
    // Every leg a timeline drives or likelyPositions weighs is one distance asked of the route's table.
    const table = travel.forRoute(route);
    const distance = table.distance.bind(table);
    let asked = 0;
    table.distance = (from, to) => {
      asked++;
      return distance(from, to);
    };
    const found = cheapestInsertion(objective, order, 0)!;
    const n = order.length;
    // Three legs per position weighed, the order's legs up to the last position tried, then per
    // position tried the legs from the job on (to the depot included).
    const bound = 3 * (n + 1) + Math.max(...positions) + positions.reduce((sum, position) => sum + (n + 2 - position), 0);
    expect(asked).toBeLessThanOrEqual(bound);
    const candidate = [...order.slice(0, found.position), 0, ...order.slice(found.position)];
    expect(found.cost).toBe(new RouteObjective(problem, route, route.jobs, travel).cost(candidate));
  });
});

describe('RouteObjective over the jobs a route may serve', () => {
  test('prices orders, probes positions and names placement violations as the objective over every job does', async () => {
    const dates = ['2024-03-04', '2024-03-05'];
    const body = {
      jobs: Array.from({ length: 24 }, (_, i) => ({
        id: `j${i}`,
        location: `${47.6 + (i % 6) * 0.01}, ${-122.3 - Math.floor(i / 6) * 0.01}`,
        time_on_site: '00:10',
        ...(i % 4 === 0 ? { time_window: { start: '09:00', end: '11:00' } } : {}),
        load: 1 + (i % 5),
        allowed_dates: [dates[i % 2]!],
      })),
      routes: dates.map((date, d) => ({
        id: `r${d}`,
        location: '47.6, -122.3',
        start_time: '08:00',
        end_time: '12:00',
        load_capacity: 30,
        date,
      })),
    };
    const problem = resolveProblem(body, 'build');
    const travel = await problemTravelTable(problem, straightLineProvider);
    const route = problem.routes[0]!;
    const servable = problem.jobs.flatMap((job, index) => (job.allowed_dates!.includes(route.date!) ? [index] : []));
    const every = new RouteObjective(problem, route, problem.jobs, travel);
    const some = new RouteObjective(problem, route, problem.jobs, travel, {}, servable);
    const random = seededRandom(5);
    for (let round = 0; round < 50; round++) {
      const order = servable.filter(() => random() < 0.6).sort(() => random() - 0.5);
      expect(some.cost(order)).toBe(every.cost(order));
      expect(some.hardViolations).toBe(every.hardViolations);
      expect(some.hardViolationTypes(order)).toEqual(every.hardViolationTypes(order));
      const job = servable[Math.floor(random() * servable.length)]!;
      expect(some.likelyPositions(order, job, 3)).toEqual(every.likelyPositions(order, job, 3));
    }
    for (const job of problem.jobs.keys()) expect(some.refuses(job)).toBe(every.refuses(job));
    // A job of the other date, forced onto the route, is compiled when an order holds it.
    const forced = [servable[0]!, 1, servable[1]!];
    expect(some.cost(forced)).toBe(every.cost(forced));
    expect(some.hardViolationTypes(forced)).toEqual(every.hardViolationTypes(forced));
    expect(some.refuses(1)).toBe(every.refuses(1));
  });
});
