import { runOperation } from '../../../engine/operations/index.js';
import { splitByDate, type DayGroup } from '../../../engine/planning/day-groups.js';
import { seededRandom } from '../../../engine/planning/search-budget.js';
import { resolveProblem } from '../../../model/resolve.js';
import type { ProblemResponse } from '../../../model/types/responses.js';
import { countingStraightLine } from '../../support/counting-travel.js';
import { expectRoutedOnAllowedDates } from './dated-build-checks.js';

const dates = ['2024-03-04', '2024-03-05', '2024-03-06'];

/** `jobCount` jobs at distinct places about 3 km around one depot, each allowed on one or two of the three dates. */
function request(
  jobCount: number,
  routesPerDate: number,
): { jobs: { id: string; allowed_dates: string[] }[]; routes: { id: string; date: string }[] } {
  const random = seededRandom(3);
  return {
    jobs: Array.from({ length: jobCount }, (_, i) => ({
      id: `j${i}`,
      location: `${(47.6 + (random() - 0.5) * 0.03).toFixed(5)}, ${(-122.3 + (random() - 0.5) * 0.04).toFixed(5)}`,
      time_on_site: '00:03',
      allowed_dates: i % 2 === 0 ? [dates[i % 3]!] : [dates[i % 3]!, dates[(i + 1) % 3]!],
    })),
    routes: dates.flatMap((date, d) =>
      Array.from({ length: routesPerDate }, (_, r) => ({ id: `r${d}-${r}`, location: '47.6, -122.3', start_time: '08:00', date })),
    ),
  };
}

describe('a build over several dates holds travel per date and per two consecutive dates, no matrix over every place', () => {
  test('3,000 jobs on 3 dates: no matrix asked, legs of about the dates’ and the pairs’ own, every job routed without violation', async () => {
    const body = request(3000, 30);
    const { provider, asked } = countingStraightLine();
    const built = (await runOperation('build', body, {}, provider, () => undefined, { maxIterations: 5 })) as ProblemResponse;

    const problem = resolveProblem(body, 'build');
    const jobs = problem.jobs.map((_, i) => i);
    const { groups, linked } = splitByDate(problem, problem.routes, jobs, new Map());
    expect(linked).toEqual([true, true]);
    // Each date's two compiles read a matrix over its own jobs and its routes' two ends (one
    // depot), a pair's legs one way only: straight lines are the same both ways. Then the two
    // pairs of consecutive dates are compiled, the first again after the second; jobs moved by a
    // pair change the next one's size a little.
    const nodes = (group: DayGroup): number => group.jobs.length + 2 * group.routes.length;
    const jobPairs = groups.reduce((sum, group) => sum + group.jobs.length ** 2, 0);
    const perDatePairs = groups.reduce((sum, group) => sum + nodes(group) ** 2, 0);
    const pairPairs = (g: number): number => (nodes(groups[g]!) + nodes(groups[g + 1]!)) ** 2 / 2;
    const perPairPairs = pairPairs(0) + pairPairs(1) + pairPairs(0);
    const legs = asked.singleLegs + asked.rowLegs;
    expect(asked.matrixCells).toBe(0);
    expect(legs).toBeGreaterThanOrEqual(jobPairs / 2 + perPairPairs / 2);
    expect(legs).toBeLessThan(perDatePairs + 1.2 * perPairPairs + 200 * jobs.length);

    const routed = expectRoutedOnAllowedDates(body, built);
    expect(routed + built.unrouted_jobs.length).toBe(3000);
    expect(routed).toBeGreaterThan(2900);
  });
});
