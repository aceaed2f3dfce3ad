import { straightLineProvider } from '../../../geo/straight-line.js';
import { resolveProblem, type ResolvedProblem } from '../../../model/resolve.js';
import { RouteEligibility } from '../../../engine/compile/route-eligibility.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { corePlan, dateLeftOn, SPLIT_FROM_JOBS, type CorePlan } from '../../../engine/planning/core-plan.js';
import { splitByDate } from '../../../engine/planning/day-groups.js';
import { datedGridProblem } from '../../support/problems.js';

const dates = ['2024-03-04', '2024-03-05', '2024-03-06'];

/**
 * corePlan over every job and route of `body` with no plan to start from, each search ending on
 * `maxIterations` (the deadline is far off); answers the plan and every cost reported.
 */
async function planAll(
  body: ReturnType<typeof datedGridProblem>,
  maxIterations: number,
  threads: number,
): Promise<{ problem: ResolvedProblem; reported: number[] } & CorePlan> {
  const problem = resolveProblem(body, 'build');
  const travel = await problemTravelTable(problem, straightLineProvider);
  const reported: number[] = [];
  const planned = await corePlan(
    problem,
    travel,
    problem.routes,
    problem.jobs.map((_, index) => index),
    new Map(),
    { deadline: Date.now() + 600_000, maxIterations, seed: 1, threads },
    (cost) => reported.push(cost),
    new RouteEligibility(problem),
  );
  return { problem, reported, ...planned };
}

describe('corePlan over several dates', () => {
  test.each([1, 2])(
    'a plan split by date reports whole plans only: its first cost covers every date, and no later one is higher (%i threads)',
    async (threads) => {
      const body = datedGridProblem(SPLIT_FROM_JOBS, dates, 12, (i) => [dates[i % 3]!]);
      const { plan, unassigned, reported } = await planAll(body, 200, threads);
      expect([...plan.values()].flat().length + unassigned.length).toBe(SPLIT_FROM_JOBS);
      // Searched one date at a time, a report that summed only the dates searched so far would
      // rise by a whole date's cost when the next date's search began.
      expect(reported.length).toBeGreaterThan(3);
      for (let k = 1; k < reported.length; k++) expect(reported[k]).toBeLessThanOrEqual(reported[k - 1]! + 1e-6);
      expect(reported.at(-1)).toBeLessThan(reported[0]!);
    },
  );

  test('after the dates alone, two consecutive dates are searched together: jobs the split gave to one move to the other', async () => {
    // Two thirds of the jobs may come on the 4th only; the rest on either date, among them. The
    // split gives every one of those to the emptier 5th, whose routes then cross the same streets
    // again; on the 4th's routes they cost little.
    const movableFrom = (2 * SPLIT_FROM_JOBS) / 3;
    const body = datedGridProblem(SPLIT_FROM_JOBS, dates.slice(0, 2), 12, (i) => (i < movableFrom ? [dates[0]!] : dates.slice(0, 2)));
    const { problem, plan, unassigned, reported } = await planAll(body, 100, 1);
    const jobs = problem.jobs.map((_, index) => index);
    const split = splitByDate(problem, problem.routes, jobs, new Map());
    expect(split.groups[1]!.jobs).toEqual(jobs.filter((job) => job >= movableFrom));
    expect(split.linked).toEqual([true]);
    expect(unassigned).toEqual([]);
    const onDate = (d: number): number[] =>
      problem.routes.filter((route) => route.date === problem.routes[12 * d]!.date).flatMap((route) => plan.get(route) ?? []);
    expect([...onDate(0), ...onDate(1)].sort((a, b) => a - b)).toEqual(jobs);
    expect(onDate(1).every((job) => job >= movableFrom)).toBe(true);
    expect(onDate(1).length).toBeLessThan((SPLIT_FROM_JOBS - movableFrom) / 2);
    for (let k = 1; k < reported.length; k++) expect(reported[k]).toBeLessThanOrEqual(reported[k - 1]! + 1e-6);
  });

  test('a job a pair leaves out goes on to the next pair only where that pair may serve it', () => {
    const allowed = [[0], [0, 1], [0, 2], [1, 2], [2]];
    const problem = resolveProblem(
      datedGridProblem(allowed.length, dates, 2, (i) => allowed[i]!.map((d) => dates[d]!)),
      'build',
    );
    const eligibility = new RouteEligibility(problem);
    const { groups } = splitByDate(problem, problem.routes, [0, 1, 2, 3, 4], new Map(), eligibility);
    const leftOn = (pair: number, next: number | undefined): number[] =>
      allowed.map((_, job) => dateLeftOn(job, pair, next, groups, eligibility));
    // Dates 1-2 searched, then 2-3: a job 2 or 3 may serve goes to 2, the one they share.
    expect(leftOn(0, 1)).toEqual([0, 1, 1, 1, 1]);
    // Dates 2-3, then back to 1-2: to 2, where dates 1 or 2 may serve it.
    expect(leftOn(1, 0)).toEqual([1, 1, 1, 1, 2]);
    // The last pair: to a date of its own that may serve the job.
    expect(leftOn(0, undefined)).toEqual([0, 0, 0, 1, 1]);
  });
});
