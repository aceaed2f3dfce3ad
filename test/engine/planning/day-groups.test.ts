import { straightLineProvider } from '../../../geo/straight-line.js';
import { resolveProblem } from '../../../model/resolve.js';
import { runOperation } from '../../../engine/operations/index.js';
import { splitByDate } from '../../../engine/planning/day-groups.js';
import type { ProblemResponse } from '../../../model/types/responses.js';
import { expectRoutedOnAllowedDates } from './dated-build-checks.js';

const dates = ['2024-03-04', '2024-03-05', '2024-03-06'];

function request(jobCount: number, routesPerDate = 2): Record<string, unknown> {
  return {
    jobs: Array.from({ length: jobCount }, (_, i) => ({
      id: `j${i}`,
      location: `${(47.6 + (i % 7) * 0.004).toFixed(4)}, ${(-122.3 - (i % 5) * 0.004).toFixed(4)}`,
      time_on_site: '00:05',
      // j0 and j1 one date each, the others two of the three.
      allowed_dates: i === 0 ? [dates[2]] : i === 1 ? [dates[0]] : [dates[i % 3], dates[(i + 1) % 3]],
    })),
    routes: dates.flatMap((date, d) =>
      Array.from({ length: routesPerDate }, (_, r) => ({ id: `r${d}-${r}`, location: '47.6, -122.3', start_time: '08:00', date })),
    ),
  };
}

describe('splitByDate', () => {
  test('one group per date; each job on a date it allows, the days about equally full; a routed job keeps its date', () => {
    const problem = resolveProblem(request(30), 'build');
    const jobs = problem.jobs.map((_, i) => i);
    // j2 allows the 6th and the 4th; it is on a route of the 4th.
    const initial = new Map([[problem.routes[0]!, [2]]]);
    const { groups, unplaced, linked } = splitByDate(problem, problem.routes, jobs, initial);
    expect(unplaced).toEqual([]);
    expect(linked).toEqual([true, true]);
    expect(groups.map((group) => group.routes.map((route) => route.id))).toEqual([
      ['r0-0', 'r0-1'],
      ['r1-0', 'r1-1'],
      ['r2-0', 'r2-1'],
    ]);
    expect(groups.flatMap((group) => group.jobs).sort((a, b) => a - b)).toEqual(jobs);
    groups.forEach((group) => {
      for (const job of group.jobs) expect(problem.jobs[job]!.allowed_dates).toContain(group.routes[0]!.date);
      expect(group.jobs.length).toBeGreaterThanOrEqual(9);
      expect(group.jobs.length).toBeLessThanOrEqual(11);
    });
    expect(groups[2]!.jobs).toContain(0);
    expect(groups[0]!.jobs).toContain(1);
    expect(groups[0]!.jobs).toContain(2);
  });

  test('jobs free to take either of two dates: each date gets the jobs of one part of the area', () => {
    // Ten jobs in the north and ten in the south, two by two, each allowed on the 4th and the 5th:
    // the fewest-jobs rule alone deals both parts over both dates.
    const body = {
      jobs: Array.from({ length: 20 }, (_, i) => ({
        id: `j${i}`,
        location: `${i % 4 < 2 ? 47.7 : 47.5}, ${(-122.3 + i * 0.001).toFixed(3)}`,
        allowed_dates: dates.slice(0, 2),
      })),
      routes: dates.slice(0, 2).map((date, d) => ({ id: `r${d}`, location: '47.6, -122.3', date })),
    };
    const problem = resolveProblem(body, 'build');
    const { groups } = splitByDate(
      problem,
      problem.routes,
      problem.jobs.map((_, i) => i),
      new Map(),
    );
    const parts = groups.map((group) => new Set(group.jobs.map((job) => job % 4 < 2)));
    expect(groups.map((group) => group.jobs.length)).toEqual([10, 10]);
    expect(parts.map((part) => part.size)).toEqual([1, 1]);
    expect(parts[0]).not.toEqual(parts[1]);
  });

  test('dates in order, whatever the routes; two are linked only when a job may go to both', () => {
    const body = request(6);
    // Every job on the 4th or the 6th, none on the 5th; the routes of the 6th listed first.
    for (const job of body.jobs as Record<string, unknown>[]) job.allowed_dates = [dates[2], dates[0]];
    body.routes = (body.routes as { date: string }[]).slice().reverse();
    const problem = resolveProblem(body, 'build');
    const { groups, linked } = splitByDate(problem, problem.routes, [0, 1, 2, 3, 4, 5], new Map());
    expect(groups.map((group) => group.routes[0]!.id)).toEqual(['r0-1', 'r1-1', 'r2-1']);
    expect(linked).toEqual([false, false]);
  });

  test('a job no date allows is unplaced', () => {
    const body = request(4);
    (body.jobs as Record<string, unknown>[])[3]!.allowed_dates = ['2024-03-09'];
    const problem = resolveProblem(body, 'build');
    expect(splitByDate(problem, problem.routes, [0, 1, 2, 3], new Map()).unplaced).toEqual([3]);
  });
});

describe('build over several dates, searched one date at a time', () => {
  test('3,000 jobs on 3 dates: every job on a route of one of its dates, no violation, on a fixed iteration budget', async () => {
    // About 33 visits of 3 minutes close together fit in a route's day.
    const body = request(3000, 30);
    (body.jobs as Record<string, unknown>[]).forEach((job) => (job.time_on_site = '00:03'));
    const built = (await runOperation('build', body, {}, straightLineProvider, () => undefined, { maxIterations: 5 })) as ProblemResponse;
    const routed = expectRoutedOnAllowedDates(body, built);
    expect(routed + built.unrouted_jobs.length).toBe(3000);
    expect(routed).toBeGreaterThan(2900);
  });
});
