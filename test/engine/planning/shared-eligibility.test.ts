import { straightLineProvider } from '../../../geo/straight-line.js';
import { resolveProblem } from '../../../model/resolve.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { planRoutes } from '../../../engine/planning/plan-routes.js';
import { SPLIT_FROM_JOBS } from '../../../engine/planning/core-plan.js';
import { COMPILE_SERVABLE_FROM_JOBS } from '../../../engine/planning/plan-pricer.js';
import { unroutedReasons } from '../../../engine/planning/unrouted-reasons.js';
import { countReads } from '../../support/counted-reads.js';
import { datedGridProblem } from '../../support/problems.js';

const dates = ['2024-03-04', '2024-03-05', '2024-03-06'];

describe('which routes may serve which jobs, over one planning', () => {
  test('a job is held once against the routes of a date: the split by date, the compiled dates, the pricer and the unrouted reasons share the answers', async () => {
    const jobCount = Math.max(SPLIT_FROM_JOBS, COMPILE_SERVABLE_FROM_JOBS);
    const body = datedGridProblem(jobCount, dates, 40, (i) => (i % 2 === 0 ? [dates[i % 3]!] : [dates[i % 3]!, dates[(i + 1) % 3]!]));
    const problem = resolveProblem(body, 'build');
    const travel = await problemTravelTable(problem, straightLineProvider);
    // The date rule reads a job's allowed_dates once each time the rules are held against a route.
    const ruleChecks = countReads(problem.jobs, 'allowed_dates');
    const { plan, pricer } = await planRoutes(
      problem,
      travel,
      {
        routes: problem.routes,
        jobs: problem.jobs.map((_, index) => index),
        initial: new Map(),
        keepRouted: false,
        startedAt: Date.now(),
        // Already passed: each date's search stops after its first plan, and nothing is placed after it.
        deadline: Date.now(),
        maxIterations: 1,
        threads: 1,
        seed: 1,
        phase: 'build',
      },
      () => undefined,
    );
    expect([...plan.values()].flat().length).toBeGreaterThan(jobCount / 2);
    // Every job once against each date's routes (the rules tell them apart by date alone); the
    // compiled objectives take the jobs the rules let them serve as free of violations.
    expect(pricer.eligibility.checks).toBe(jobCount * dates.length);
    expect(ruleChecks.reads).toBe(jobCount * dates.length);

    // Why the others are unrouted: each job's rules once per date it does not allow, with every objective already compiled.
    for (const route of problem.routes) pricer.objective(route);
    const routed = new Set([...plan.values()].flat());
    const unrouted = problem.jobs.flatMap((_, job) => (routed.has(job) ? [] : [job]));
    expect(unrouted.length).toBeGreaterThan(50);
    ruleChecks.reads = 0;
    const reasons = unroutedReasons(problem, pricer, plan, problem.routes, unrouted, 0);
    expect(reasons.size).toBeGreaterThan(0);
    expect(ruleChecks.reads).toBeLessThanOrEqual(unrouted.length * (dates.length - 1));
  });
});
