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
 * Share of a split plan's search time, once every date has its first plan, that goes to searching
 * consecutive dates two at a time, in date order and back, where a job may move to the other date
 * of the two. Fixing every job's date before any search costs most where routes are priced by the
 * kilometre alone and nothing caps their load: there the best plans fill a date's routes with the
 * jobs that lie along them, which leaves some dates far fuller than others. Builds over 5 dated
 * days (2,500 jobs, 12 routes a day, windows on half, 120 s, seed 1, 1 thread), the whole limit
 * on single dates / half of it on pairs in date order / in date order and back: kilometres only,
 * no capacities US$ 249.53 / 223.74 / 220.38 (the whole plan searched at once: 216.14); kilometres
 * and hours, no capacities 3,115.63 / 3,108.50 / 3,075.73; kilometres only with capacities 2,415
 * jobs routed at 299.84 / 2,416 at 303.42 / 2,416 at 288.45; kilometres and hours with capacities
 * 2,415 routed each, 3,840.34 / 3,840.38 / 3,862.15. Three quarters on pairs in date order: 224.85
 * on the first.
 */
export const DATE_PAIR_SHARE = 0.5;

/**
 * Most jobs two dates may hold, as split, to be searched together: a pair's search needs memory
 * growing with the square of its jobs. Builds over 5 days with capacities on 2 threads over HTTP,
 * the worker's peak memory: 10,000 jobs (pairs of about 4,000) 953 MB against 718 MB without
 * pairs; 20,000 jobs (pairs of about 8,000 as split) 2,747 MB against 1,026 MB, when every job a
 * pair left out went on to the next pair (they grew to 12,000). In process (400 s) those pairs
 * peaked at 2,269 MB then and at 1,617 MB since jobs go on only to a pair that may serve them.
 */
export const PAIR_MAX_JOBS = 5000;

/**
 * Plans `jobs` (indices into problem.jobs) on `routes` with the solver core, starting from
 * `initial` (its parts the core finds infeasible are placed again). `onBest` gets the core's cost
 * of every new best (US$, plus a large charge per job left out). A plan split by date gives every
 * date a first plan (construction and local search), as many dates at a time as there are
 * threads, then searches the dates in turn from those, and then every two consecutive dates that
 * share a job, in date order and back (DATE_PAIR_SHARE); it reports the sum over the dates once
 * all have a plan, and then at every new best of a date or a pair. `eligibility` answers which
 * routes may serve which jobs, for the split and for every date's compiled problem.
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
  // left[g]: the jobs of date g that its last search could not place.
  const left = split.groups.map((): number[] => []);
  const pairJobs = (g: number): number => split.groups[g]!.jobs.length + split.groups[g + 1]!.jobs.length;
  const pairs = split.linked.flatMap((linked, g) => (linked && pairJobs(g) <= PAIR_MAX_JOBS ? [g] : []));
  // Only the first lane's matrices are compiled again.
  buffers.splice(1);
  const datesEnd = pairs.length === 0 ? budget.deadline : Date.now() + (1 - DATE_PAIR_SHARE) * (budget.deadline - Date.now());
  await eachDate(split.groups, datesEnd, 1, async (group, g, deadline) => {
    const onGroupBest = (cost: number): void => {
      bests[g] = cost;
      reportWhole();
    };
    const part = await searchCore(problem, travel, group, starts, { ...budget, deadline }, onGroupBest, eligibility, {
      buffers: buffers[0],
    });
    part.plan.forEach((order, route) => plan.set(route, order));
    left[g] = part.unassigned;
  });
  const lastReport = bests.reduce((sum, best) => sum + best, 0);
  await searchPairs(problem, travel, split.groups, pairs, plan, left, { ...budget, lastReport }, onBest, eligibility, buffers[0]!);
  return { plan, unassigned: [...split.unplaced, ...left.flat()] };
}

/**
 * Searches each pair of consecutive `groups` whose first is in `pairs` in turn, in date order and
 * then back to the first, every search an equal share of the time left until `budget.deadline`,
 * from `plan`, which then holds the pair's routes as found; `left` holds each date's jobs left
 * out, which go with the later date of a pair. `onBest` gets the whole plan's cost at every new
 * best of a pair: a pair's compiled problem charges a job left out otherwise than a single
 * date's, so it is reported as `budget.lastReport` less what the pairs have gained on their first
 * plans.
 */
async function searchPairs(
  problem: ResolvedProblem,
  travel: TravelTable,
  groups: readonly DayGroup[],
  pairs: readonly number[],
  plan: RoutePlan,
  left: number[][],
  budget: CoreBudget & { lastReport: number },
  onBest: (cost: number) => void,
  eligibility: RouteEligibility,
  buffers: MatrixBuffers,
): Promise<void> {
  let whole = budget.lastReport;
  // Forth and back: a job may then travel more than one date in either direction.
  const order = [...pairs, ...pairs.slice(0, -1).reverse()];
  for (const [k, g] of order.entries()) {
    const routes = [...groups[g]!.routes, ...groups[g + 1]!.routes];
    const jobs = [...routes.flatMap((route) => plan.get(route) ?? []), ...left[g]!, ...left[g + 1]!].sort((a, b) => a - b);
    const deadline = Date.now() + (budget.deadline - Date.now()) / (order.length - k);
    const before = whole;
    let first: number | undefined;
    const onPairBest = (cost: number): void => {
      first ??= cost;
      if (cost >= first) return;
      whole = before - (first - cost);
      onBest(whole);
    };
    const part = await searchCore(problem, travel, { routes, jobs }, plan, { ...budget, deadline }, onPairBest, eligibility, { buffers });
    part.plan.forEach((order, route) => plan.set(route, order));
    left[g] = [];
    left[g + 1] = [];
    for (const job of part.unassigned) left[dateLeftOn(job, g, order[k + 1], groups, eligibility)]!.push(job);
  }
}

/**
 * The date whose jobs left out include `job`, which the search of dates `pair` and `pair + 1` left
 * out: the date it shares with the next pair searched, `next`, where that pair may serve the job;
 * else one of the two that may. A job the next pair cannot serve would only make that search's
 * problem larger: carried from pair to pair, those left out of a week short of capacity grew its
 * pairs from 8,000 jobs to 12,000.
 */
export function dateLeftOn(
  job: number,
  pair: number,
  next: number | undefined,
  groups: readonly DayGroup[],
  eligibility: RouteEligibility,
): number {
  const serves = (g: number): boolean => groups[g]!.routes.some((route) => eligibility.mayServe(job, route));
  if (next !== undefined && Math.abs(next - pair) === 1 && (serves(next) || serves(next + 1))) return Math.max(pair, next);
  return serves(pair) ? pair : pair + 1;
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
