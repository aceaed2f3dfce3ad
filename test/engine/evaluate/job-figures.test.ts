import { straightLineProvider } from '../../../geo/straight-line.js';
import { resolveProblem } from '../../../model/resolve.js';
import { JobFigures } from '../../../engine/evaluate/job-figures.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { PlanPricer } from '../../../engine/planning/plan-pricer.js';
import { RouteObjective } from '../../../engine/planning/route-objective.js';
import { seededRandom } from '../../../engine/planning/search-budget.js';
import { countReads } from '../../support/counted-reads.js';

const dates = ['2024-03-04', '2024-03-05'];

/** Jobs with one window or two, an exit stop, a single and a named load; three routes a date. */
const body = {
  capacity_metrics: [{ id: 'pallets' }],
  jobs: Array.from({ length: 30 }, (_, i) => ({
    id: `j${i}`,
    location: `${47.6 + (i % 6) * 0.01}, ${-122.3 - Math.floor(i / 6) * 0.01}`,
    time_on_site: `00:${String(5 + (i % 7)).padStart(2, '0')}`,
    ...(i % 3 === 0 ? { time_window: { start: '13:00', end: '15:00' } } : {}),
    ...(i % 6 === 0 ? { time_window2: { start: '09:00', end: '10:00' } } : {}),
    ...(i % 5 === 0 ? { exit_location: `${47.65 + (i % 4) * 0.01}, -122.25`, exit_time_on_site: '00:04' } : {}),
    load: i % 4 === 1 ? -2 : 1 + (i % 5),
    loads: [{ metric: 'pallets', amount: i % 3 }],
    allowed_dates: [dates[i % 2]!],
  })),
  routes: dates.flatMap((date, d) =>
    Array.from({ length: 3 }, (_, r) => ({
      id: `r${d}-${r}`,
      location: '47.6, -122.3',
      start_time: '08:00',
      end_time: '17:00',
      load_capacity: 30,
      load_capacities: [{ metric: 'pallets', amount: 12 }],
      date,
    })),
  ),
};

/** Every array of `figures`, by name. */
function arrays(figures: JobFigures): Record<string, number[]> {
  const { point, service, windows, exitPoint, exitService, amounts, deliveries } = figures;
  return Object.fromEntries(
    Object.entries({ point, service, windows, exitPoint, exitService, amounts, deliveries }).map(([name, array]) => [
      name,
      Array.from(array),
    ]),
  );
}

describe('job figures', () => {
  test('gathered from the problem’s are those worked out for the gathered jobs alone', async () => {
    const problem = resolveProblem(body, 'build');
    const travel = await problemTravelTable(problem, straightLineProvider);
    const all = JobFigures.of(problem, problem.jobs, travel);
    const positions = [29, 0, 5, 6, 12, 13, 1, 10];
    const gathered = arrays(all.gather(positions));
    expect(gathered).toEqual(
      arrays(
        JobFigures.of(
          problem,
          positions.map((at) => problem.jobs[at]!),
          travel,
        ),
      ),
    );
    expect(gathered.exitPoint!.filter((at) => at >= 0)).toHaveLength(3);
    expect(gathered.windows!.filter((at) => !Number.isNaN(at))).toHaveLength(12);
  });

  test('a plan pricer reads each job’s location once for all its routes, and its objectives price as those that look them up themselves', async () => {
    const problem = resolveProblem(body, 'build');
    const travel = await problemTravelTable(problem, straightLineProvider);
    // Compiling a job onto a route reads its location once, to look its point up.
    const locations = countReads(problem.jobs, 'location');
    const pricer = new PlanPricer(problem, travel);
    for (const route of problem.routes) pricer.objective(route);
    expect(locations.reads).toBe(problem.jobs.length);

    const random = seededRandom(3);
    for (const route of problem.routes) {
      const own = new RouteObjective(problem, route, problem.jobs, travel);
      const dated = problem.jobs.flatMap((job, index) => (job.allowed_dates!.includes(route.date!) ? [index] : []));
      const some = new RouteObjective(problem, route, problem.jobs, travel, {}, dated, JobFigures.of(problem, problem.jobs, travel));
      for (let round = 0; round < 20; round++) {
        const order = dated.filter(() => random() < 0.5).sort(() => random() - 0.5);
        const price = pricer.price(route, order);
        expect(price.cost).toBe(own.cost(order));
        expect(price.hard).toBe(own.hardViolations);
        expect(some.cost(order)).toBe(price.cost);
        expect(some.hardViolationTypes(order)).toEqual(own.hardViolationTypes(order));
      }
    }
  });
});
