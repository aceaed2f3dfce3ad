import { straightLineProvider } from '../../../geo/straight-line.js';
import { resolveProblem } from '../../../model/resolve.js';
import { RouteEligibility } from '../../../engine/compile/route-eligibility.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { corePlan, SPLIT_FROM_JOBS } from '../../../engine/planning/core-plan.js';
import { datedGridProblem } from '../../support/problems.js';

const dates = ['2024-03-04', '2024-03-05', '2024-03-06'];

describe('corePlan over several dates', () => {
  test.each([1, 2])(
    'a plan split by date reports whole plans only: its first cost covers every date, and no later one is higher (%i threads)',
    async (threads) => {
      const body = datedGridProblem(SPLIT_FROM_JOBS, dates, 12, (i) => [dates[i % 3]!]);
      const problem = resolveProblem(body, 'build');
      const travel = await problemTravelTable(problem, straightLineProvider);
      const reported: number[] = [];
      const { plan, unassigned } = await corePlan(
        problem,
        travel,
        problem.routes,
        problem.jobs.map((_, index) => index),
        new Map(),
        // Far off: the iterations end each date's search.
        { deadline: Date.now() + 600_000, maxIterations: 200, seed: 1, threads },
        (cost) => reported.push(cost),
        new RouteEligibility(problem),
      );
      expect([...plan.values()].flat().length + unassigned.length).toBe(SPLIT_FROM_JOBS);
      // Searched one date at a time, a report that summed only the dates searched so far would
      // rise by a whole date's cost when the next date's search began.
      expect(reported.length).toBeGreaterThan(3);
      for (let k = 1; k < reported.length; k++) expect(reported[k]).toBeLessThanOrEqual(reported[k - 1]! + 1e-6);
      expect(reported.at(-1)).toBeLessThan(reported[0]!);
    },
  );
});
