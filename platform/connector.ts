import type { Problem } from '../model/types/problem.js';
import type { ProblemResponse } from '../model/types/responses.js';
import type { DateRange } from '../model/types/common.js';

/** A planning area of the customer's fleet platform: one nightly plan each. */
export interface Territory {
  id: string;
  name: string;
  /** IANA zone the territory's dates and shift times are read in (the plan itself is zone-free). */
  timezone?: string;
}

/**
 * A row the connector could not read. Reported to the user by source, line and column; the rest
 * of the source is still used, so one bad row never hides the others.
 */
export interface RowFault {
  /** File name (CSV folder) or table name (PostgreSQL schema). */
  source: string;
  /** 1-based line in the file (the header is line 1), or the row's key in a table. */
  line: number | string;
  /** Column name, when the fault is in one cell. */
  column?: string;
  message: string;
}

/** An entity of the pulled problem that has an address but no coordinates yet. */
export interface AddressToLocate {
  kind: 'job' | 'depot';
  /** The entity's id in the pulled problem. */
  id: string;
  /** Free-text address, as the geocoder's `query`. */
  query: string;
  country?: string;
}

export interface PullResult {
  territory: Territory;
  range: DateRange;
  /**
   * Canonical problem (every entity in its top-level collection): depots, vehicles, drivers with
   * shift patterns and assignments, jobs and schedules. Entities listed in `addresses` lack a
   * `location` until the pipeline geocodes them.
   */
  problem: Problem;
  addresses: AddressToLocate[];
  faults: RowFault[];
}

/** What a run sends back: its planned routes (route responses of the final plan). */
export interface SyncPlan {
  /** Identifies the run; syncing the same run again replaces that run's routes, nothing else. */
  runId: string;
  territory: string;
  range: DateRange;
  plan: ProblemResponse;
  /** The problem the plan answers, when known: gives each route its driver and date. */
  problem?: Problem;
}

export interface SyncResult {
  routes: number;
  stops: number;
  /** True when the stored rows were already exactly these: nothing was written. */
  unchanged: boolean;
  /** Where the rows went: a folder path, or `schema.table` names. */
  destination: string;
}

/**
 * The customer's fleet platform as wayplan sees it. Implementations hold no state
 * between calls beyond their connection settings, so activities may call them again after a crash.
 * When `signal` aborts (the task or run was cancelled), pull and sync reject at their next safe
 * point: between two reads, or before a sync writes; an abort never leaves a sync's write half done.
 */
export interface PlatformConnector {
  listTerritories(): Promise<Territory[]>;
  pull(territory: string, range: DateRange, signal?: AbortSignal): Promise<PullResult>;
  sync(plan: SyncPlan, signal?: AbortSignal): Promise<SyncResult>;
  close(): Promise<void>;
}
