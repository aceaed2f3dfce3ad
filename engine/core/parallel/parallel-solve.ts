import { Worker } from 'node:worker_threads';
import type { CompiledInstance } from '../compiled/compiled-instance.js';
import { routeSlots } from '../compiled/route-slots.js';
import { CONSTRUCTION_SHARE } from '../solve.js';
import type { ProgressEvent, RouteResult, SolutionSnapshot, SolveOptions, SolveResult } from '../solve-options.js';
import { Random } from '../structures/prng.js';
import type { SolveTask, WorkerMessage } from './messages.js';
import { splitIntoRegions } from './regions.js';
import { sharedInstance } from './shared-instance.js';
import { subInstance, toFullSlots } from './sub-instance.js';

const WORKER_URL = new URL('./solve-worker.js', import.meta.url);

/**
 * Jobs per thread from which the threads split the plan into regions. Below it a region has too
 * few routes for moves to find partners, and every thread searches the whole plan instead.
 */
export const REGION_MIN_JOBS = 200;
/**
 * Share of the budget every thread spends on the whole instance before the plan is split: two
 * searches of one plan that adopt each other's best mostly repeat each other's work, while two
 * regions add up, so the split comes as soon as the search has settled the first plan.
 */
export const OPENING_SHARE = 0.05;
/**
 * Splits between the opening and the closing: each moves the borders between regions, so pairs
 * of routes split in one round meet in a later one. On the Gehring & Homberger 400 instances at
 * 100,000 iterations per thread (seed 1), 8 rounds from 0.05 to 0.9 gave 1.14 % below one thread
 * at the same iterations, against 0.90 % with 4 rounds from 0.1 to 0.6.
 */
const ROUNDS = 8;
/**
 * Share of the budget after which every thread searches the whole instance again, sharing bests:
 * near the end a plan gains from moves across the borders (on c1_10_2 at 60 s, 4 rounds until
 * the end gave 42,601 against one thread's 42,264).
 */
export const CLOSING_SHARE = 0.9;

export interface ParallelSolveOptions extends Omit<SolveOptions, 'sync' | 'cooling' | 'constructionLimitMs'> {
  threads: number;
}

/** A plan of the whole instance and how it was found. */
interface Plan {
  cost: number;
  routes: RouteResult[];
  unassigned: number[];
}

/**
 * Solves on `threads` worker threads. Small instances: one search per thread with seeds seed,
 * seed+1, …, each continuing from any better plan another thread reports (at its sync points).
 * From REGION_MIN_JOBS jobs per thread, two copies of a search mostly repeat each other's work, so
 * after an opening of that kind the threads divide the work instead: in each round the best plan
 * is split into one region of whole routes per thread, every thread improves its own region as an
 * instance of its own for an equal share of the budget, and the regions' plans merge into the next
 * best plan; a closing of the first kind ends the run. The annealing cools once over all parts.
 * With an iteration budget (and no time limit, or a sync interval longer than the run) a seed
 * reproduces the result.
 */
export async function solveParallel(instance: CompiledInstance, options: ParallelSolveOptions): Promise<SolveResult> {
  const started = performance.now();
  const threads = Math.max(1, options.threads);
  const data = sharedInstance(instance);
  const workers = Array.from({ length: threads }, () => new Worker(WORKER_URL));
  const budget = new Budget(options);
  const run = new Run(started, options.onProgress);
  try {
    const regions = threads > 1 && instance.jobs.length >= threads * REGION_MIN_JOBS;
    const opening = await wholeSearch(workers, data, options, budget, { from: 0, to: regions ? OPENING_SHARE : 1 }, run);
    let best: Plan = opening;
    if (regions) {
      const slotType = routeSlots(data);
      const random = new Random(options.seed ?? 1);
      for (let round = 0; round < ROUNDS && !budget.spent(); round++) {
        const cooling = { from: share(round), to: share(round + 1) };
        const seed = (options.seed ?? 1) + threads * (round + 1);
        const merged = await regionSearch(workers, data, best, slotType, random, { seed, round, cooling }, budget, run);
        if (merged.cost < best.cost) {
          best = merged;
          run.improved(best.cost);
        }
      }
      if (!budget.spent()) {
        const initial = best.routes.map((route) => ({ slot: route.slot, jobs: route.jobs }));
        const closing = await wholeSearch(workers, data, { ...options, initial }, budget, { from: CLOSING_SHARE, to: 1 }, run);
        if (closing.cost < best.cost) best = closing;
      }
    }
    return {
      ...best,
      iterations: run.iterations,
      elapsedMs: performance.now() - started,
      timeToBestMs: run.timeToBestMs,
      history: run.history,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Budget share at the end of round `round - 1` of the region search. */
function share(round: number): number {
  return OPENING_SHARE + ((CLOSING_SHARE - OPENING_SHARE) * round) / ROUNDS;
}

/** The whole budget (clock and iterations per thread) cut into consecutive parts. */
class Budget {
  private readonly deadline?: number;
  constructor(private readonly options: ParallelSolveOptions) {
    this.deadline = options.timeLimitMs === undefined ? undefined : Date.now() + options.timeLimitMs;
  }

  /** Wall-clock deadline of a search of the whole instance that ends at `share` of the time limit. */
  deadlineAt(share: number): number | undefined {
    return this.deadline === undefined ? undefined : this.deadline - (1 - share) * this.options.timeLimitMs!;
  }

  /**
   * Wall-clock deadline of a round when `rounds` rounds, this one included, are left before the
   * closing: an equal part of the time left, so an opening that ran late (a long construction)
   * shortens the rounds instead of skipping them.
   */
  roundDeadline(rounds: number): number | undefined {
    const end = this.deadlineAt(CLOSING_SHARE);
    return end === undefined ? undefined : Date.now() + Math.max(0, end - Date.now()) / rounds;
  }

  /** The opening's construction may take the share a search of the whole time limit gives it. */
  constructionLimitMs(): number | undefined {
    return this.options.timeLimitMs === undefined ? undefined : CONSTRUCTION_SHARE * this.options.timeLimitMs;
  }

  /** Iterations per thread from share `from` to share `to`. */
  iterations(from: number, to: number): number | undefined {
    const total = this.options.maxIterations;
    return total === undefined ? undefined : Math.round(to * total) - Math.round(from * total);
  }

  spent(): boolean {
    return this.deadline !== undefined && Date.now() >= this.deadline;
  }
}

/** What the threads have done so far: iterations and the overall best's history. */
class Run {
  iterations = 0;
  timeToBestMs = 0;
  readonly history: ProgressEvent[] = [];
  private best = Infinity;
  /** Iterations per thread in the searches finished so far. */
  iterationsPerThread = 0;

  constructor(
    private readonly started: number,
    private readonly onProgress?: (event: ProgressEvent) => void,
  ) {}

  finished(results: readonly SolveResult[]): void {
    this.iterations += results.reduce((sum, result) => sum + result.iterations, 0);
    this.iterationsPerThread += Math.max(...results.map((result) => result.iterations));
  }

  /** Records a plan of the whole instance; only a better one counts. */
  improved(cost: number, iteration = this.iterationsPerThread): void {
    if (cost >= this.best) return;
    this.best = cost;
    this.timeToBestMs = performance.now() - this.started;
    const event = { cost, elapsedMs: this.timeToBestMs, iteration };
    this.history.push(event);
    this.onProgress?.(event);
  }
}

/** One search of the whole instance per thread (seeds seed, seed+1, …), sharing their best. */
async function wholeSearch(
  workers: readonly Worker[],
  instance: CompiledInstance,
  options: ParallelSolveOptions,
  budget: Budget,
  cooling: SolveTask['cooling'],
  run: Run,
): Promise<SolveResult> {
  let shared: SolutionSnapshot | null = null;
  const results = await Promise.all(
    workers.map((worker, index) => {
      const task: SolveTask = {
        kind: 'solve',
        instance,
        seed: (options.seed ?? 1) + index,
        deadline: budget.deadlineAt(cooling.to),
        maxIterations: budget.iterations(cooling.from, cooling.to),
        constructionLimitMs: budget.constructionLimitMs(),
        cooling,
        initial: options.initial,
        share: true,
        syncIntervalMs: options.syncIntervalMs,
      };
      return runTask(worker, task, (message) => {
        if (message.kind === 'progress') {
          // The thread counts its iterations from the start of this search, the run from its own start.
          run.improved(message.event.cost, run.iterationsPerThread + message.event.iteration);
        } else if (message.kind === 'best' && (!shared || message.snapshot.cost < shared.cost)) {
          shared = message.snapshot;
          workers.forEach((other, j) => j !== index && other.postMessage({ kind: 'shared', snapshot: shared }));
        }
      });
    }),
  );
  run.finished(results);
  return results.reduce((a, b) => (b.cost < a.cost ? b : a));
}

/** One round: `best` split into a region per thread, each searched alone, the results merged. */
async function regionSearch(
  workers: readonly Worker[],
  instance: CompiledInstance,
  best: Plan,
  slotType: Int32Array,
  random: Random,
  { seed, round, cooling }: { seed: number; round: number; cooling: SolveTask['cooling'] },
  budget: Budget,
  run: Run,
): Promise<Plan> {
  const snapshot = best.routes.map((route) => ({ slot: route.slot, jobs: route.jobs }));
  const regions = splitIntoRegions(instance, snapshot, best.unassigned, slotType.length, workers.length, random);
  const parts = regions.map((region) => (region.jobs.length > 0 ? subInstance(instance, region, slotType) : null));
  const results = await Promise.all(
    parts.map((part, index) => {
      if (!part) return null;
      const task: SolveTask = {
        kind: 'solve',
        instance: part.instance,
        seed: seed + index,
        deadline: budget.roundDeadline(ROUNDS - round),
        maxIterations: budget.iterations(cooling.from, cooling.to),
        cooling,
        initial: part.initial,
        share: false,
      };
      return runTask(workers[index]!, task, () => undefined);
    }),
  );
  run.finished(results.filter((result) => result !== null));
  return results.reduce<Plan>(
    (plan, result, index) =>
      result === null
        ? plan
        : {
            cost: plan.cost + result.cost,
            routes: [...plan.routes, ...toFullSlots(result.routes, parts[index]!.fullSlot)],
            unassigned: [...plan.unassigned, ...result.unassigned],
          },
    { cost: 0, routes: [], unassigned: [] },
  );
}

/** Runs one task on `worker`; messages other than its result go to `listen`. */
function runTask(worker: Worker, task: SolveTask, listen: (message: WorkerMessage) => void): Promise<SolveResult> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage): void => {
      if (message.kind !== 'done') return listen(message);
      detach();
      resolve(message.result);
    };
    const onError = (error: Error): void => {
      detach();
      reject(error);
    };
    const onExit = (code: number): void => {
      detach();
      reject(new Error(`solver thread exited with code ${code}`));
    };
    const detach = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(task);
  });
}
