import type { TravelProvider } from '../../geo/travel.js';
import type { JsonObject } from '../../model/json.js';
import type { OperationName } from '../../model/operations.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import type { SearchTuning } from '../planning/search-budget.js';
import type { OperationError } from '../operation-error.js';
import type { ProgressReporter } from '../progress.js';

/**
 * What travel an operation needs before it runs: a table of every pair of the problem's places
 * (per travel class of its routes), the provider itself for its streets, or none (coordinates alone).
 */
export type TravelNeed = 'matrix' | 'streets' | 'none';

/** The travel an operation of each need gets. */
export interface TravelOf {
  matrix: TravelTable;
  streets: TravelProvider;
  none: undefined;
}

/** Where a task's work runs: CPU work on the solve queue, I/O (geocoders, fleet platforms) on the io queue. */
export type TaskQueue = 'solve' | 'io';

/** What the OpenAPI document names as an operation's result (without return_request): a schema, or a list of one. */
export interface OperationAnswer {
  schema: string;
  list?: true;
}

/** Everything an engine operation runs on, built by the dispatcher (index.ts) in this order. */
export interface OperationInput<T extends TravelNeed = TravelNeed> {
  /** The validated request in canonical form (what return_request echoes); read it, never change it. */
  canonical: JsonObject;
  /** The request with every reference followed, after the record's `prepare`. */
  problem: ResolvedProblem;
  travel: TravelOf[T];
  /** The provider the travel came from; route paths draw their geometry with it. */
  provider: TravelProvider;
  report: ProgressReporter;
  /** When the task's work began (ms since epoch): search budgets count from it, travel included. */
  startedAt: number;
  /** The planning search's threads and, for tests and benches, its iteration budget. */
  tuning: SearchTuning;
  /** Task options (`aggregate`: evaluate's problem_aggregates, from `?aggregate=1` with `wait=1`). */
  options: Record<string, unknown>;
}

/**
 * A task operation of the engine: resolve → `prepare` → travel per `travel` → `run` → `shape`.
 * `run` and `shape` are methods so that a table can hold records of every travel need and result.
 */
export interface EngineTask<T extends TravelNeed = TravelNeed, R = unknown> {
  name: OperationName;
  mode: 'task';
  queue: 'solve';
  /** Who runs it: the engine, in the solve queue's operation thread. */
  runner: 'engine';
  travel: T;
  answers: OperationAnswer;
  /** With wait=1, `?aggregate=1` makes it answer problem_aggregates (the task option `aggregate`); documented beside it. */
  aggregates?: true;
  /**
   * Small work, with no search to budget: its task's workflow runs on the solve queue and the
   * operation as a local activity of that workflow, which spares the Temporal round trips of
   * scheduling, dispatching and reporting a separate activity (what `wait=1` answers wait on).
   */
  quick?: true;
  /**
   * A fault of the request that is found before the task starts and answered at once (insert's
   * limit of jobs_to_insert), with `refusal` describing it in the 400 answer's documentation.
   */
  refuse?(body: unknown): OperationError | undefined;
  refusal?: string;
  /** Changes the problem before travel is computed (build chooses vehicles: a vehicle may bring its own depot and travel class). */
  prepare?(problem: ResolvedProblem): ResolvedProblem;
  run(input: OperationInput<T>): Promise<R> | R;
  /** What the task stores as its result. */
  shape(result: R, input: OperationInput<T>): Promise<unknown> | unknown;
}

/** An engine task record; the queue and runner are the same for all of them. */
export function engineTask<T extends TravelNeed, R>(record: Omit<EngineTask<T, R>, 'mode' | 'queue' | 'runner'>): EngineTask<T, R> {
  return { mode: 'task', queue: 'solve', runner: 'engine', ...record };
}

/**
 * A task operation that runs outside the engine, on the io queue: the geocoders' and the fleet
 * platforms' activities run it. Its record names it, so that every task has one.
 */
interface IoTask {
  mode: 'task';
  queue: 'io';
  answers: OperationAnswer;
}

/** geocode and reverse_geocode: model operations whose work is the geocoders'. */
export interface GeocoderTask extends IoTask {
  name: OperationName;
  runner: 'geocoder';
}

/** platform_pull and platform_sync: their bodies name a connection of the account (model/types/platform.ts). */
export interface PlatformTask extends IoTask {
  name: 'platform_pull' | 'platform_sync';
  runner: 'platform';
}

export type TaskOperation = EngineTask | GeocoderTask | PlatformTask;

/**
 * A synchronous operation, answered within the API request: `run` takes what the caller has
 * (the request, a provider for its `travel`) and answers; the records may add what the API checks
 * before running (instantiate's work bound).
 */
export interface SyncOperation {
  name: OperationName;
  mode: 'sync';
  travel: TravelNeed;
  run: (...args: never[]) => unknown;
}

export function syncOperation<R extends Omit<SyncOperation, 'mode'>>(record: R): R & { mode: 'sync' } {
  return { ...record, mode: 'sync' };
}
