import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { compileProblem } from '../compile/compile-problem.js';
import { MatrixBuffers } from '../compile/node-travel.js';
import type { RouteEligibility } from '../compile/route-eligibility.js';
import { planToSnapshot, resultToPlan, type RoutePlan } from '../compile/solution-mapping.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import type { ProgressEvent } from '../core/solve-options.js';
import { solveParallel } from '../core/parallel/parallel-solve.js';
import { solve } from '../core/solve.js';
import { splitByDate, type DayGroup } from './day-groups.js';
import { recordSearch } from './search-tally.js';

export interface CoreBudget {
  /** Wall-clock deadline (ms since epoch) of the core search. */
  deadline: number;
  maxIterations: number;
  seed: number;
  /** More than 1: that many searches on worker threads (seeds seed, seed+1, …) sharing their best. */
  threads: number;
}

export interface CorePlan {
  plan: RoutePlan;
  /** Jobs the core could not place. */
  unassigned: number[];
}

/**
 * From this many jobs on, a plan over several dates is searched one date at a time: a compiled
 * problem holds two node × node matrices (1.6 GB at 10,000 jobs, 64 MB at 2,000) and every
 * iteration of the search grows with the routes and jobs it holds. Below it the search sees every
 * date at once and may move a job to another of its dates. Builds over 5 dated days (every job
 * allowed on one to three, windows on half, capacities, 1 thread), one date at a time against all
 * at once, side by side: 500 jobs at 30 s +2.8 and +4.6 % (seeds 1-2); 1,000 at 60 s -1.2 and
 * +0.4 %; 1,200 at 90 s -1.8 and +0.1 %; 1,500 at 60 s -3.3 and -3.6 %, at 180 s -2.3 %; 2,500 at
 * 120 s -2.1 %; and 2,000 over 2 days at 120 s -2.3 %, every job routed either way.
 */
export const SPLIT_FROM_JOBS = 1500;

/**
 * Plans `jobs` (indices into problem.jobs) on `routes` with the solver core, starting from
 * `initial` (its parts the core finds infeasible are placed again). `onBest` gets the core's cost
 * of every new best (US$, plus a large charge per job left out). A plan split by date gives every
 * date a first plan (construction and local search), as many dates at a time as there are
 * threads, then searches the dates in turn from those; it reports the sum over the dates once all
 * have a plan, and then at every new best of a date. `eligibility` answers which routes may serve
 * which jobs, for the split and for every date's compiled problem.
 */
export async function corePlan(
  problem: ResolvedProblem,
  travel: TravelTable,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  initial: RoutePlan,
  budget: CoreBudget,
  onBest: (cost: number) => void,
  eligibility: RouteEligibility,
): Promise<CorePlan> {
  const split = jobs.length >= SPLIT_FROM_JOBS ? splitByDate(problem, routes, jobs, initial, eligibility) : undefined;
  if (split === undefined || split.groups.length < 2)
    return searchCore(problem, travel, { routes: [...routes], jobs: [...jobs] }, initial, budget, onBest, eligibility);
  // Every date gets its first plan before any date is searched: a whole plan, and its cost, then
  // exist once the constructions are done, instead of once the last date's turn comes near the
  // end of the limit, and every cost reported is that of a whole plan. With several threads the
  // first plans are made that many dates at a time, each on a thread of its own.
  const bests = split.groups.map(() => 0);
  const reportWhole = (): void => onBest(bests.reduce((sum, best) => sum + best, 0));
  const lanes = Math.max(1, Math.min(budget.threads, split.groups.length));
  // Each lane compiles its dates one after another, twice each: their matrices share one pair of buffers.
  const buffers = Array.from({ length: lanes }, () => new MatrixBuffers());
  const starts: RoutePlan = new Map(initial);
  await eachDate(split.groups, budget.deadline, lanes, async (group, g, deadline, lane) => {
    const first = await searchCore(
      problem,
      travel,
      group,
      initial,
      { ...budget, deadline, maxIterations: 0, threads: 1 },
      (cost) => (bests[g] = cost),
      eligibility,
      { buffers: buffers[lane], worker: lanes > 1 },
    );
    first.plan.forEach((order, route) => starts.set(route, order));
  });
  reportWhole();
  const plan: RoutePlan = new Map();
  const unassigned = [...split.unplaced];
  await eachDate(split.groups, budget.deadline, 1, async (group, g, deadline) => {
    const onGroupBest = (cost: number): void => {
      bests[g] = cost;
      reportWhole();
    };
    const part = await searchCore(problem, travel, group, starts, { ...budget, deadline }, onGroupBest, eligibility, {
      buffers: buffers[0],
    });
    part.plan.forEach((order, route) => plan.set(route, order));
    unassigned.push(...part.unassigned);
  });
  return { plan, unassigned };
}

/**
 * Runs `work` on every date in order, `lanes` dates at a time (a lane takes the next date when its
 * last one is done), each with a deadline that gives it its share, by job count, of the time left
 * until `end` among the dates not yet begun.
 */
async function eachDate(
  groups: readonly DayGroup[],
  end: number,
  lanes: number,
  work: (group: DayGroup, g: number, deadline: number, lane: number) => Promise<void>,
): Promise<void> {
  let jobsLeft = groups.reduce((sum, group) => sum + group.jobs.length, 0);
  let next = 0;
  const lane = async (l: number): Promise<void> => {
    while (next < groups.length) {
      const g = next++;
      const group = groups[g]!;
      const deadline = Date.now() + ((end - Date.now()) * group.jobs.length) / Math.max(1, jobsLeft);
      jobsLeft -= group.jobs.length;
      await work(group, g, deadline, l);
    }
  };
  await Promise.all(Array.from({ length: lanes }, (_, l) => lane(l)));
}

/**
 * One search of the core over the routes and jobs of `part`, its matrices in `buffers` when given;
 * with more than one thread, or with `worker`, on worker threads instead of this one.
 */
async function searchCore(
  problem: ResolvedProblem,
  travel: TravelTable,
  { routes, jobs }: DayGroup,
  initial: RoutePlan,
  budget: CoreBudget,
  onBest: (cost: number) => void,
  eligibility: RouteEligibility,
  { buffers, worker = false }: { buffers?: MatrixBuffers; worker?: boolean } = {},
): Promise<CorePlan> {
  if (routes.length === 0 || jobs.length === 0) {
    return { plan: new Map(routes.map((route) => [route, []])), unassigned: [...jobs] };
  }
  const compiled = compileProblem(problem, travel, routes, jobs, eligibility, buffers);
  const options = {
    seed: budget.seed,
    timeLimitMs: Math.max(0, budget.deadline - Date.now()),
    maxIterations: budget.maxIterations,
    initial: planToSnapshot(compiled, initial),
    onProgress: (event: ProgressEvent) => onBest(event.cost),
  };
  const startedAt = Date.now();
  const result =
    budget.threads > 1 || worker
      ? await solveParallel(compiled.instance, { ...options, threads: budget.threads })
      : solve(compiled.instance, options);
  recordSearch({ iterations: result.iterations, startedAt, timeToBestMs: result.timeToBestMs });
  return resultToPlan(compiled, result);
}
