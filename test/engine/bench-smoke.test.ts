import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkSolution, parseSolution, readInstance } from '../../bench/solver/check.js';
import { compileBenchInstance } from '../../bench/solver/compile-bench-instance.js';
import { instanceProblem, instanceTravelProvider, responseRoutes } from '../../bench/solver/problem-from-instance.js';
import { formatSolution } from '../../bench/solver/report.js';
import { runOperation } from '../../engine/operations/index.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import { solveParallel } from '../../engine/core/parallel/parallel-solve.js';
import { solve } from '../../engine/core/solve.js';
import { sharedBenchFolder } from '../support/paths.js';

const C101 = join(sharedBenchFolder(), 'solomon', 'C101.txt');
const X101 = join(sharedBenchFolder(), 'cvrp', 'X-n101-k25.vrp');
const withData = existsSync(C101) && existsSync(X101) ? it : it.skip;

describe('solver benchmark smoke run', () => {
  withData('solves Solomon C101 in 2,000 iterations to a solution the independent checker accepts', () => {
    const instance = readInstance(C101);
    const result = solve(compileBenchInstance(instance), { seed: 1, maxIterations: 2000 });
    const routes = parseSolution(
      formatSolution(
        result.routes.map((route) => route.jobs),
        result.cost,
        false,
      ),
    );
    const report = checkSolution(instance, routes);
    expect(report.errors).toEqual([]);
    expect(report.cost).toBeCloseTo(result.cost, 6);
    // The optimum is 828.94 with 10 vehicles; this easy instance needs few iterations.
    expect(report.cost).toBeLessThan(828.94 * 1.01);
  });

  withData('--via-problem: C101 as a JSON build request, solved by the build operation, agrees with the checker', async () => {
    const instance = readInstance(C101);
    // A time limit far beyond the iteration budget: the run ends on its 2,000 iterations, whatever the machine's load.
    const response = (await runOperation(
      'build',
      instanceProblem(instance, 600, 1),
      {},
      instanceTravelProvider(instance),
      () => undefined,
      { maxIterations: 2000 },
    )) as ProblemResponse;
    const report = checkSolution(instance, responseRoutes(response));
    expect(response.unrouted_jobs).toEqual([]);
    expect(report.errors).toEqual([]);
    // The evaluator's cost is the distance here (1 per meter, nothing per hour).
    expect(report.cost).toBeCloseTo(
      response.routes.reduce((sum, route) => sum + route.cost, 0),
      6,
    );
    expect(report.cost).toBeLessThan(828.94 * 1.01);
  });

  withData('--via-problem on two threads: the build operation shares bests between threads and agrees with the checker', async () => {
    const instance = readInstance(C101);
    const response = (await runOperation(
      'build',
      instanceProblem(instance, 600, 1),
      {},
      instanceTravelProvider(instance),
      () => undefined,
      { maxIterations: 2000, threads: 2 },
    )) as ProblemResponse;
    const report = checkSolution(instance, responseRoutes(response));
    expect(response.unrouted_jobs).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(report.cost).toBeCloseTo(
      response.routes.reduce((sum, route) => sum + route.cost, 0),
      6,
    );
    expect(report.cost).toBeLessThan(828.94 * 1.01);
  });

  withData('the checker rejects a solution that breaks a time window', () => {
    const instance = readInstance(C101);
    const result = solve(compileBenchInstance(instance), { seed: 1, maxIterations: 200 });
    const routes = result.routes.map((route) => route.jobs.slice());
    routes[0]!.reverse();
    expect(checkSolution(instance, routes).feasible).toBe(false);
  });

  withData('solves CVRPLIB X-n101 on two threads sharing their best', async () => {
    const instance = readInstance(X101);
    // An iteration budget, not a clock: on a loaded machine a 1 s run gets too few iterations to
    // say anything about quality (4,000 iterations take about 1 s on an idle core outside jest).
    const result = await solveParallel(compileBenchInstance(instance), { seed: 1, maxIterations: 4000, threads: 2, syncIntervalMs: 200 });
    const report = checkSolution(
      instance,
      result.routes.map((route) => route.jobs),
    );
    expect(report.errors).toEqual([]);
    expect(report.cost).toBe(result.cost);
    expect(report.cost).toBeLessThan(27591 * 1.05);
  });
});
