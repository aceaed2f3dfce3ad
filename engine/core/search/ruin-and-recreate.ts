import { Solution } from '../structures/solution.js';
import type { Random } from '../structures/prng.js';
import type { ProgressEvent, SolveOptions } from '../solve-options.js';
import { Deadline } from './deadline.js';
import type { LocalSearch } from './local-search.js';
import { LARGE_PLAN_JOBS } from './large-plan.js';
import { jobsPerRoute, longRoutes } from './long-routes.js';
import { IMPROVEMENT_EPSILON } from './move-evaluator.js';
import { Penalties } from './penalties.js';
import { RemovalBackoff } from './removal-backoff.js';
import { Elite } from './population/elite.js';
import { ElitePool } from './population/elite-pool.js';
import type { RouteExchange } from './population/route-exchange.js';
import { type BlinkInsertion, Opening } from './recreate/blink-insertion.js';
import type { Ruin } from './ruin/mixed-removal.js';
import { SimulatedAnnealing } from './simulated-annealing.js';

/**
 * Annealing temperatures relative to the mean arc cost. SISR's start (100 on X instances, about
 * 0.5 arcs) froze the search on long routes (20+ jobs) within the first tenth of the run, so the
 * start grows with the jobs per route up to 2 arcs at 32 (tuned on the odd-numbered Solomon
 * instances). With restarts that change the route count, a start of at least 1 arc also suits
 * short routes: on the even-numbered Solomon R and RC instances at 60,000 iterations, seeds 1–3,
 * +0.33 % against +0.47 % with 0.5 arcs (R1 and RC104 gain, RC102 loses).
 */
const MIN_INITIAL_TEMPERATURE_PER_ARC = 1;
const MAX_INITIAL_TEMPERATURE_PER_ARC = 2;
const JOBS_PER_ROUTE_PER_ARC = 16;
const FINAL_TEMPERATURE_PER_ARC = 0.005;
/**
 * An educated candidate is abandoned when the job moves alone leave it more than this many mean
 * arcs above the annealing's threshold (SWAP* then runs only on candidates that may be accepted).
 * Traced on rc1_10_1 and r2_10_1: after the job moves, SWAP* lowered 99 % of candidates by under 3
 * arcs (r2: by nothing); abandoning above 2 arcs saved 30 % (r2: 16 %) of the search's time and lost
 * 6 of 251 improvements (r2: 0 of 207). Tuning split, process CPU, 1 thread, against no abandoning:
 * G&H 1000 `*_10_1` r1/r2/rc1/rc2 at 60 s, seeds 1-2: 2 arcs -0.29 % (8 pairs, 7 cheaper, 1 even)
 * with 30-90 % more iterations; 1 arc -0.17 % (rc1 seed 1 +0.52 %); 4 arcs on rc1/r2 -0.03 % (4
 * pairs). G&H 400 `*_4_1` at 30 s, seeds 1-3: 2 arcs +0.05 % (10 pairs; rc1 +0.86/+0.61/-0.09 %,
 * rc2 -0.61/+0.07 %), 4 arcs on r1/rc1 -0.05 % (6 pairs). At 400 jobs and 30 s the search is less
 * bound by its iterations, so the gain is mostly at 1,000. These runs had SWAP* on every plan; it
 * now runs only on plans whose jobs share a window (see LocalSearch), so on the others an abandoned
 * candidate ends where a whole run would have ended it, above the threshold, and the margin spares
 * nothing there.
 */
const ABANDON_MARGIN_ARCS = 2;
/**
 * The same margin after the job moves' first pass, where a run can stop earlier (see
 * `LocalSearch.run`); without SWAP* the margin above is applied only where the run ends anyway.
 * Traced on G&H 400 r2_4_6 and r1_4_6 and 1000 r2_10_6 (seed 1, 1,500 iterations), the runs of
 * candidates more than 4 arcs above the threshold after the first pass held 15 %, 25 % and 20 % of
 * the pairs the job moves examined, and 10, 5 and 13 of those candidates (of 978, 966 and 916
 * accepted) would have been accepted in the end; at 2 arcs 21-35 % of the pairs and 17-28
 * candidates. Tuning split, process CPU, 1 thread, against no first-pass margin: G&H 1000
 * r1/r2/rc1/rc2 `*_10_1` and `r1/r2_10_6`, `rc1/rc2_10_3` at 60 s, seeds 1-2, -0.21 % (16 pairs,
 * 11 cheaper; r1 -0.35, rc1 -0.28 %, r2 -0.04 %) with 45 % more iterations; G&H 400 (the same at
 * `_4_`) at 30 s, seeds 1-3, +0.04 % (24 pairs, 13 cheaper) with 31 % more.
 */
const FIRST_PASS_ABANDON_MARGIN_ARCS = 4;

function initialTemperaturePerArc(solution: Solution): number {
  const perRoute = jobsPerRoute(solution);
  return Math.min(MAX_INITIAL_TEMPERATURE_PER_ARC, Math.max(MIN_INITIAL_TEMPERATURE_PER_ARC, perRoute / JOBS_PER_ROUTE_PER_ARC));
}
const DEFAULT_SYNC_INTERVAL_MS = 500;
const WHOLE_SCHEDULE = { from: 0, to: 1 };
/** How much the repair pass raises the penalties when the penalised local search ends infeasible. */
const REPAIR_BOOST = 10;
const UNBOUNDED = Number.POSITIVE_INFINITY;
/**
 * Share of its jobs from which a plan leaves out so many that a new best placing more of them gets
 * the strict polish only, not the penalised one. There the fleet cannot take the jobs and most new
 * bests place one more: on 4,000 jobs for 50 routes (windows on half, capacities, 1 thread, 60 s,
 * about 1,500 left out), 308 of 384 new bests placed more jobs and the penalised polish of all of
 * them took 54 % of the CPU. Skipping it on those, 120 s, seeds 1-2, side by side: 2,640 and 2,631
 * routed against 2,591 and 2,565, at cost 4,081 and 3,967 against 3,989 and 4,019 (without the
 * penalised polish at all, in runs of their own: 2,643 and 2,661 routed at 4,192 and 4,199). A
 * plan whose fleet takes nearly all its jobs is not concerned: 2,000 jobs for 50 routes (a day of
 * the 10,000-job week) start with 63 left out and end with 29.
 */
const MANY_LEFT_OUT_SHARE = 0.1;
/** Ruins applied to the run's best when the pool holds too few plans for a crossover. */
const PERTURBATION_RUINS = 5;
/**
 * Share of restarts from a crossover (when the pool holds two plans); the rest take the run's best
 * with a route fewer or one more, evenly. On the even-numbered Solomon R and RC instances at 60,000
 * iterations, seeds 1–3: +0.47 % with half, +0.50 % with 0.8, +0.53 % with crossovers only.
 */
const CROSSOVER_SHARE = 0.5;
/** Share of route-count restarts that remove a route on long routes (the others add one); short routes only lose routes. */
const FEWER_ROUTES_SHARE = 0.5;

/**
 * Iterations per job without a better plan after which a run restarts. SISR's annealing settles
 * in one basin within about 10 iterations per job and then rarely leaves it (on the even-numbered
 * Solomon instances and Gehring & Homberger 200 at 20,000 iterations, seeds 1–3: 5, 10 and 20 per
 * job gave +0.59 %, +0.58 % and +0.63 % on Solomon, against +0.73 % without restarts). At the
 * 100,000 iterations 10 s gives at 100 jobs, 5 per job beat 10: on the even-numbered Solomon R1,
 * R2, RC1 and RC2 instances (R102-R108, R202-R206, RC102, RC104, RC202, RC204), seeds 1-8 on R2/RC2
 * and 1-6 on the others, -0.11 % (76 pairs, 32 cheaper, 16 dearer; long routes -0.09 %, short
 * -0.14 %), mostly by reaching a better route count (R204: 735.80 with 5 routes on all of seeds
 * 1-5, against 744.82, 738.05 and 745.64 on three of them); 3 per job gave -0.12 % (66 pairs).
 * C102-C204 ended the same (seeds 1-2).
 */
const STALL_ITERATIONS_PER_JOB = 5;
/**
 * The same on plans of LARGE_PLAN_JOBS jobs or more. There a restart breeds and educates a
 * child of the whole plan while an iteration still ruins about 10 jobs, and runs of 10 per job
 * gave up their basins too early. Tuning split, process CPU, against 10 per job: 20 s, G&H 1000
 * `*_10_1` r1/r2/rc1/rc2 and X-n856/895, 20 per job -0.55 % (24 runs, seeds 1-4, 19 cheaper), 40 per
 * job -1.04 % (16 runs, 15 cheaper; X-n856 +0.13/-0.25 %, X-n895 -2.55/-1.55 %) with 10-20 % more
 * iterations in the same CPU; 10 s, seed 1, 40 per job on G&H 400 r1/r2/rc1/rc2 `_4_1` and
 * X-n513/561: -0.44 % (r1 +0.03, rc1 +0.41 %, the others -0.40 to -1.11 %). 80 per job against
 * 40: 20 s, seeds 1-2, r1/r2/rc1/rc2 `_10_1` and X-n895, -0.48 % (8 runs, all cheaper); 10 s, seed
 * 1, `_4_1` r1/r2/rc1/rc2 -1.44/-1.01/-0.06/-0.43 %, X-n513/561 +0.48/+0.24 %. Each doubling from 10
 * gained, so fewer restarts still may do better at this size.
 */
const LARGE_PLAN_STALL_ITERATIONS_PER_JOB = 80;

/** Iterations per job without a better plan after which a run of a plan of `jobs` jobs restarts. */
export function stallIterationsPerJob(jobs: number): number {
  return jobs >= LARGE_PLAN_JOBS ? LARGE_PLAN_STALL_ITERATIONS_PER_JOB : STALL_ITERATIONS_PER_JOB;
}

/**
 * Whether a search of a plan of `jobs` jobs educates every recreated candidate with the local
 * search before the annealing judges it, as hybrid genetic search educates every child. Plain, the
 * annealing weighs a raw recreate against a current plan that was polished if it was a new best;
 * educated, every plan it weighs is a local optimum, at 30 to 100 times the cost of an iteration
 * (about 15-45 iterations per job in 30-60 s, so restarts after LARGE_PLAN_STALL_ITERATIONS_PER_JOB
 * rarely come; 10 per job instead gave +0.07 % on G&H 400 `*_4_1`, 8 pairs).
 *
 * Tuning split, process CPU, 1 thread, against plain candidates: G&H 400 `*_4_1` r1/r2/rc1/rc2 at
 * 30 s, seeds 1-4, -0.24 % (16 pairs, 11 cheaper; r1 -0.34, r2 -0.59, rc2 -0.45 %, but rc1
 * +0.42 %); G&H 1000 `*_10_1` at 60 s, seeds 1-3, -0.46 % (12 pairs, 10 cheaper);
 * X-n513/561/655/749/856/895 at 60 s, seeds 1-2, -0.43 % (11 pairs, 10 cheaper; X-n895 +0.01 %).
 * On the even-numbered Solomon instances at 10 s, seed 1, it gave +0.07 % (R104 +0.58, R108
 * +0.79 %), so plans below LARGE_PLAN_JOBS keep SISR's cheap iterations.
 *
 * A candidate that leaves jobs out stays plain: there the charge for each job left out outweighs
 * the routes, and placing them takes many cheap recreates. Educating those too, a build of 2,000
 * jobs on 50 routes (windows on half, capacities, 100 s, 1 thread) ended at 3,015 and 3,038 with
 * 37 and 36 jobs left out, against 2,881 (31) plain and 2,893 (29) with this rule.
 */
export function educatesCandidates(jobs: number): boolean {
  return jobs >= LARGE_PLAN_JOBS;
}

/** Restarts from an elite pool: the crossover that makes a new start, and when to restart. */
export interface Restarts {
  exchange: RouteExchange;
  stallIterationsPerJob: number;
}

export interface SearchOutcome {
  best: Solution;
  iterations: number;
  elapsedMs: number;
  timeToBestMs: number;
  history: ProgressEvent[];
  /** Runs started from the elite pool after a stall. */
  restarts: number;
  /**
   * Restarts that changed the route count: attempts to remove a route, removals skipped after
   * failures from the same route count, feasible starts with a route split in two, and runs from
   * those starts that ended with at least as many routes as they started with.
   */
  routeCount: { removalsTried: number; removalsSkipped: number; splits: number; splitsKept: number };
  /** New bests of a run polished with the penalised search too, and those that skipped it (see MANY_LEFT_OUT_SHARE). */
  penalisedPolish: { runs: number; skipped: number };
}

/**
 * Ruin-and-recreate with simulated annealing (SISR), polishing every new best of a run with the
 * local search: SISR explores, the local search squeezes out the last improvements in each basin.
 * The polish ends with a second local search that prices time warp and excess load instead of
 * rejecting them (adaptive penalties, as in hybrid genetic search), so it can cross infeasible
 * plans on tight windows and capacities; its result counts only when it is feasible and cheaper.
 * A new best that places more jobs while the plan still leaves many out skips that second search
 * (see MANY_LEFT_OUT_SHARE). Outside the polish every solution is feasible.
 *
 * With `educated`, every recreated candidate that places every job gets the (strict) local search
 * before the annealing judges it, so the annealing walks among local optima (see `educatesCandidates`);
 * the annealing's threshold is drawn first, and a candidate far above it after the job moves is
 * dropped before SWAP*, where SWAP* runs (see ABANDON_MARGIN_ARCS).
 *
 * With `restarts`, a run that stops improving hands its best to a small elite pool kept diverse by
 * broken-pairs distance, and the next run starts from a crossover of two pool members educated by
 * the same polish, as hybrid genetic search breeds its population; the annealing's temperature
 * keeps following the whole budget.
 */
export class RuinAndRecreate {
  private splits = 0;
  private splitsKept = 0;
  /** The fewest routes the current run may keep (0: any), set by a start with a route split in two. */
  private routeFloor = 0;

  constructor(
    private readonly ruin: Ruin,
    private readonly recreate: BlinkInsertion,
    private readonly localSearch: LocalSearch,
    private readonly random: Random,
    private readonly restarts?: Restarts,
    private readonly educated = false,
  ) {}

  run(initial: Solution, options: SolveOptions): SearchOutcome {
    const started = performance.now();
    this.splits = 0;
    this.splitsKept = 0;
    this.holdRoutes(0);
    const timeLimit = options.timeLimitMs ?? UNBOUNDED;
    const maxIterations = options.maxIterations ?? UNBOUNDED;
    if (timeLimit === UNBOUNDED && maxIterations === UNBOUNDED) throw new Error('set timeLimitMs or maxIterations');
    const deadline = new Deadline(timeLimit);
    const syncInterval = options.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
    const cooling = options.cooling ?? WHOLE_SCHEDULE;
    const elapsed = (): number => performance.now() - started;

    let current = initial;
    this.localSearch.run(current, deadline);
    let candidate = new Solution(current.model);
    candidate.copyFrom(current);
    const best = new Solution(current.model);
    best.copyFrom(current);
    const history: ProgressEvent[] = [{ cost: best.cost, elapsedMs: elapsed(), iteration: 0 }];
    options.onProgress?.(history[0]!);

    const arcs = current.model.instance.jobs.length + current.usedRoutes();
    const meanArc = Math.max(current.cost - current.unassignedCount * current.model.instance.unassignedCost, 1) / Math.max(arcs, 1);
    const penalties = Penalties.forSolution(current);
    const backup = new Solution(current.model);
    const abandonMargin = ABANDON_MARGIN_ARCS * meanArc;
    const firstPassMargin = FIRST_PASS_ABANDON_MARGIN_ARCS * meanArc;
    const annealing = new SimulatedAnnealing(initialTemperaturePerArc(current) * meanArc, FINAL_TEMPERATURE_PER_ARC * meanArc, this.random);

    const pool = new ElitePool(current.model.instance.jobs, this.random);
    const removal = new RemovalBackoff(this.random);
    const runBest = new Solution(current.model);
    runBest.copyFrom(current);
    const stall = this.restarts ? this.restarts.stallIterationsPerJob * current.model.instance.jobs.length : UNBOUNDED;
    let lastGain = 0;
    let restarts = 0;
    const penalisedPolish = { runs: 0, skipped: 0 };
    const manyLeftOut = MANY_LEFT_OUT_SHARE * current.model.instance.jobs.length;
    let iteration = 0;
    let timeToBest = history[0]!.elapsedMs;
    let nextSync = syncInterval;
    const improveBest = (): void => {
      best.copyFrom(current);
      timeToBest = elapsed();
      const event = { cost: best.cost, elapsedMs: timeToBest, iteration };
      history.push(event);
      options.onProgress?.(event);
    };
    // The clock is read every iteration: cheap next to a ruin-and-recreate step (~20–100 µs).
    while (iteration < maxIterations && !deadline.expired()) {
      iteration++;
      const progress = cooling.from + (cooling.to - cooling.from) * Math.max(iteration / maxIterations, elapsed() / timeLimit);
      this.ruin.ruin(candidate);
      this.recreate.recreate(candidate);
      const threshold = annealing.threshold(current.cost, progress);
      const educated = this.educated && candidate.unassignedCount === 0;
      const kept = !educated || this.localSearch.run(candidate, deadline, threshold + abandonMargin, threshold + firstPassMargin);
      if (kept && candidate.cost < threshold && candidate.usedRoutes() >= this.routeFloor) {
        const previous = current;
        current = candidate;
        candidate = previous;
        if (current.cost < runBest.cost - IMPROVEMENT_EPSILON) {
          const placedMore = current.unassignedCount < runBest.unassignedCount && current.unassignedCount >= manyLeftOut;
          this.localSearch.run(current, deadline);
          if (penalties.bind) {
            if (placedMore) penalisedPolish.skipped++;
            else {
              penalisedPolish.runs++;
              if (!this.crossInfeasible(current, backup, penalties, deadline)) candidate.copyFrom(current);
            }
          }
          runBest.copyFrom(current);
          lastGain = iteration;
          if (current.cost < best.cost - IMPROVEMENT_EPSILON) improveBest();
        }
      }
      candidate.syncFrom(current);

      if (this.restarts && iteration - lastGain >= stall) {
        restarts++;
        this.endRun(runBest);
        pool.add(new Elite(runBest));
        this.restart(current, runBest, pool, this.restarts.exchange, penalties, backup, deadline, removal);
        candidate.copyFrom(current);
        runBest.copyFrom(current);
        lastGain = iteration;
        if (current.cost < best.cost - IMPROVEMENT_EPSILON) improveBest();
      }

      if (options.sync && elapsed() >= nextSync) {
        nextSync = elapsed() + syncInterval;
        const shared = options.sync({ cost: best.cost, routes: best.toRoutes() });
        if (shared && shared.cost < best.cost - IMPROVEMENT_EPSILON) {
          current.load(shared.routes);
          this.holdRoutes(0);
          candidate.syncFrom(current);
          best.copyFrom(current);
          runBest.copyFrom(current);
          lastGain = iteration;
        }
      }
    }
    this.endRun(runBest);
    const routeCount = { removalsTried: removal.tried, removalsSkipped: removal.skipped, splits: this.splits, splitsKept: this.splitsKept };
    return { best, iterations: iteration, elapsedMs: elapsed(), timeToBestMs: timeToBest, history, restarts, routeCount, penalisedPolish };
  }

  /**
   * Makes `solution` a new start, educated like a new best (local search, then the penalised one).
   * Most starts are a child of two pool members by route exchange with its missing jobs recreated;
   * the others are the run's best with one route fewer or, on long routes, one more, since a search
   * that only relocates jobs rarely pays the detour of a change in the route count on its own
   * (tight windows hide plans with fewer routes, long routes hide cheaper plans with more). The
   * route more comes from splitting the longest route in two: on the even-numbered Solomon R2 and
   * RC2 instances at 60,000 iterations, seeds 1–5, +0.22 % against +0.45 % when a recreate opened
   * it (the local search mostly emptied that route again). The run from a split keeps at least its
   * routes until the next restart (`holdRoutes`): the local search merged even a half-route straight
   * back in 30 of 41 splits on R202 (100,000 iterations, seed 1), and those runs repeated the run
   * before them. Tuning split, against merging freely: even-numbered Solomon R2 and RC2 at 100,000
   * iterations, seeds 1-12, -0.03 % (60 pairs, 23 cheaper, 13 dearer; R202 reached its 8-route
   * reference on 5 seeds against 1). With fewer than two members, or a start that is not feasible,
   * the start is the run's best under a few ruins; so is a removal that `removal` skips after
   * failures from the same route count.
   */
  private restart(
    solution: Solution,
    runBest: Solution,
    pool: ElitePool,
    exchange: RouteExchange,
    penalties: Penalties,
    backup: Solution,
    deadline: Deadline,
    removal: RemovalBackoff,
  ): void {
    const first = pool.select();
    const second = pool.selectOther(first);
    const draw = this.random.nextFloat();
    let started: boolean;
    if (second && draw < CROSSOVER_SHARE) {
      exchange.cross(solution, first, second);
      started = solution.feasible;
    } else if (!longRoutes(runBest) || this.random.nextFloat() < FEWER_ROUTES_SHARE) {
      const routes = runBest.usedRoutes();
      started = false;
      if (removal.attempt(routes)) {
        started = this.withoutRoute(solution, runBest, penalties, deadline);
        removal.record(routes, started);
      }
    } else {
      started = this.withSplitRoute(solution, runBest);
      if (started) {
        this.splits++;
        this.holdRoutes(solution.usedRoutes());
      }
    }
    if (!started) {
      solution.copyFrom(runBest);
      for (let r = 0; r < PERTURBATION_RUINS; r++) this.ruin.ruin(solution);
    }
    this.recreate.recreate(solution);
    this.localSearch.run(solution, deadline);
    if (penalties.bind) this.crossInfeasible(solution, backup, penalties, deadline);
  }

  /** Ends a run whose best is `runBest`: counts a run from a split that kept its routes, and lifts the hold. */
  private endRun(runBest: Solution): void {
    if (this.routeFloor > 0 && runBest.usedRoutes() >= this.routeFloor) this.splitsKept++;
    this.holdRoutes(0);
  }

  /**
   * Makes the current run keep at least `floor` routes (0: any): the annealing refuses candidates
   * with fewer, and the local search leaves no route empty.
   */
  private holdRoutes(floor: number): void {
    this.routeFloor = floor;
    this.localSearch.keepRoutes(floor > 0);
  }

  /**
   * `runBest` without its shortest route: that route's jobs go back into the others with time warp
   * and excess load priced, then the penalised local search and, if needed, the repair pass make
   * the plan feasible again. False when it stays infeasible (or there is no route to spare).
   */
  private withoutRoute(solution: Solution, runBest: Solution, penalties: Penalties, deadline: Deadline): boolean {
    solution.copyFrom(runBest);
    let shortest = -1;
    let used = 0;
    for (const route of solution.routes) {
      if (route.size === 0) continue;
      used++;
      if (shortest < 0 || route.size < solution.routes[shortest]!.size) shortest = route.slot;
    }
    if (used < 2) return false;
    const route = solution.routes[shortest]!;
    while (route.size > 0) solution.remove(route.nodes[1]!);
    solution.refreshRoute(shortest);
    if (penalties.bind) this.priceViolations(solution, penalties);
    this.recreate.recreate(solution, Opening.Never);
    this.localSearch.run(solution, deadline);
    if (penalties.bind) this.repairAndWithdraw(solution, penalties, deadline);
    return solution.feasible;
  }

  /**
   * `runBest` with its longest route cut in two: the second half moves, in its order, to an unused
   * vehicle of the same type. Both halves stay feasible when travel times obey the triangle
   * inequality. False when no vehicle is free or the result is not feasible.
   */
  private withSplitRoute(solution: Solution, runBest: Solution): boolean {
    solution.copyFrom(runBest);
    let longest = -1;
    for (const route of solution.routes)
      if (route.size >= 2 && (longest < 0 || route.size > solution.routes[longest]!.size)) longest = route.slot;
    if (longest < 0) return false;
    const source = solution.routes[longest]!;
    const tail = Array.from(source.nodes.subarray(1 + (source.size >> 1), 1 + source.size));
    const model = solution.model;
    const free = solution.routes.find(
      (route) =>
        route.size === 0 && route.type === source.type && (!model.restricted || tail.every((job) => model.canServe(job, route.slot))),
    );
    if (!free) return false;
    for (const job of tail) solution.remove(job);
    solution.refreshRoute(longest);
    tail.forEach((job, i) => solution.insert(job, free.slot, i + 1));
    solution.refreshRoute(free.slot);
    return solution.feasible;
  }

  /**
   * Local search with priced violations from a feasible local optimum, then the repair pass if that
   * ends infeasible. Keeps the result when it is feasible and cheaper, else restores the start from `backup` and
   * returns false (the solution's change record is then lost, so callers resynchronise in full).
   */
  private crossInfeasible(solution: Solution, backup: Solution, penalties: Penalties, deadline: Deadline): boolean {
    backup.copyFrom(solution);
    this.priceViolations(solution, penalties);
    this.localSearch.run(solution, deadline);
    penalties.register(solution.hasTimeWarp, solution.hasExcessLoad);
    this.repairAndWithdraw(solution, penalties, deadline);
    if (solution.feasible && solution.cost < backup.cost - IMPROVEMENT_EPSILON) return true;
    solution.copyFrom(backup);
    return false;
  }

  /** Makes time warp and excess load priced (at the current penalties) instead of forbidden, and reprices `solution`. */
  private priceViolations(solution: Solution, penalties: Penalties): void {
    penalties.apply();
    solution.reprice();
  }

  /**
   * Ends a penalised search: when `solution` is still infeasible, a repair pass of the local search
   * with the penalties REPAIR_BOOST times higher (as PyVRP repairs); then violations are forbidden
   * again and `solution` is repriced.
   */
  private repairAndWithdraw(solution: Solution, penalties: Penalties, deadline: Deadline): void {
    if (!solution.feasible) {
      penalties.boost(REPAIR_BOOST);
      solution.reprice();
      this.localSearch.run(solution, deadline);
    }
    penalties.withdraw();
    solution.reprice();
  }
}
