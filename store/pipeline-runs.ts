import type { PipelineStep, PipelineTrigger, PlanningNight, StepRecord, UnroutedJobRecord } from '../model/pipeline.js';
import type { Pool } from './db.js';
import { rowReader } from './rows.js';

export type PipelineStatus = 'running' | 'completed' | 'failed' | 'canceled';

export interface FailedAddressRecord {
  kind: 'job' | 'depot';
  id: string;
  query: string;
  error_code: string;
  message: string;
}

export interface RowFaultRecord {
  source: string;
  line: number | string;
  column?: string;
  message: string;
}

export interface SyncRecord {
  destination: string;
  routes: number;
  stops: number;
  unchanged: boolean;
}

/** What a territory's finished night is summed up as. */
export interface TerritoryOutcome {
  jobs: number;
  routed: number;
  routes: number;
  cost: number;
  distanceMeters: number;
  unrouted: UnroutedJobRecord[];
  sync: SyncRecord;
}

export interface PipelineRunTerritory {
  territory: string;
  status: PipelineStatus;
  step: PipelineStep | undefined;
  jobs: number | undefined;
  routed: number | undefined;
  routes: number | undefined;
  cost: number | undefined;
  distanceMeters: number | undefined;
  unrouted: UnroutedJobRecord[];
  failedAddresses: FailedAddressRecord[];
  rowFaults: RowFaultRecord[];
  steps: Partial<Record<PipelineStep, StepRecord>>;
  sync: SyncRecord | undefined;
  error: string | undefined;
  startedTime: Date;
  finishedTime: Date | undefined;
}

export interface NewPipelineRun {
  id: string;
  account: string;
  connection: string;
  workflowId: string;
  planDate: string;
  days: number;
  requestedTerritories: string[] | undefined;
  trigger: PipelineTrigger;
}

export interface PipelineRun extends NewPipelineRun {
  status: PipelineStatus;
  error: string | undefined;
  startedTime: Date;
  finishedTime: Date | undefined;
}

const runColumns = `id, account, connection, workflow_id, plan_date::text AS plan_date, days, requested_territories, trigger, status, error, started_time, finished_time`;
const territoryColumns = `territory, status, step, jobs, routed, routes, cost, distance_meters, unrouted, failed_addresses, row_faults, steps, sync, error, started_time, finished_time`;

const runFromRow = rowReader<PipelineRun>(runColumns);
const territoryFromRow = rowReader<PipelineRunTerritory>(territoryColumns);

const now = "date_trunc('milliseconds', clock_timestamp())";

/** What a step learned about its territory: its job count, the addresses not found, the faulty rows. */
export interface StepDetails {
  jobs?: number;
  failedAddresses?: FailedAddressRecord[];
  rowFaults?: RowFaultRecord[];
}

/**
 * Nightly planning runs and their territories; every write is safe to repeat, since the workflow's
 * activities that make them are retried.
 */
export class PipelineRunStore {
  constructor(private readonly pool: Pool) {}

  /** Records a run; a repeated call (an activity retried) leaves the first record. */
  async create(run: NewPipelineRun): Promise<void> {
    await this.pool.query(
      `INSERT INTO pipeline_runs(id, account, connection, workflow_id, plan_date, days, requested_territories, trigger, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'running') ON CONFLICT (id) DO NOTHING`,
      [
        run.id,
        run.account,
        run.connection,
        run.workflowId,
        run.planDate,
        run.days,
        run.requestedTerritories ? JSON.stringify(run.requestedTerritories) : null,
        run.trigger,
      ],
    );
  }

  async addTerritories(runId: string, territories: readonly string[]): Promise<void> {
    await this.pool.query(
      `INSERT INTO pipeline_run_territories(run_id, territory, status) SELECT $1, t, 'running' FROM unnest($2::text[]) AS t ON CONFLICT DO NOTHING`,
      [runId, territories],
    );
  }

  /** Marks a step running, or ends it with its wall time; `details` fills the territory's fields learned by the step. */
  async recordStep(runId: string, territory: string, step: PipelineStep, record: StepRecord, details: StepDetails = {}): Promise<void> {
    await this.pool.query(
      `UPDATE pipeline_run_territories
          SET step = $3, steps = steps || jsonb_build_object($3::text, $4::jsonb),
              jobs = COALESCE($5, jobs), failed_addresses = COALESCE($6, failed_addresses), row_faults = COALESCE($7, row_faults)
        WHERE run_id = $1 AND territory = $2`,
      [
        runId,
        territory,
        step,
        JSON.stringify(record),
        details.jobs ?? null,
        details.failedAddresses ? JSON.stringify(details.failedAddresses) : null,
        details.rowFaults ? JSON.stringify(details.rowFaults) : null,
      ],
    );
  }

  async completeTerritory(runId: string, territory: string, outcome: TerritoryOutcome): Promise<void> {
    await this.pool.query(
      `UPDATE pipeline_run_territories
          SET status = 'completed', step = NULL, jobs = $3, routed = $4, routes = $5, cost = $6, distance_meters = $7, unrouted = $8, sync = $9,
              error = NULL, finished_time = ${now}
        WHERE run_id = $1 AND territory = $2`,
      [
        runId,
        territory,
        outcome.jobs,
        outcome.routed,
        outcome.routes,
        outcome.cost,
        outcome.distanceMeters,
        JSON.stringify(outcome.unrouted),
        JSON.stringify(outcome.sync),
      ],
    );
  }

  /** Ends a territory without a plan; `step` keeps the step it stopped in. */
  async endTerritory(runId: string, territory: string, status: 'failed' | 'canceled', error: string): Promise<void> {
    await this.pool.query(
      `UPDATE pipeline_run_territories SET status = $3, error = $4, finished_time = ${now} WHERE run_id = $1 AND territory = $2 AND status = 'running'`,
      [runId, territory, status, error],
    );
  }

  async finish(runId: string, status: Exclude<PipelineStatus, 'running'>, error?: string): Promise<void> {
    await this.pool.query(`UPDATE pipeline_runs SET status = $2, error = $3, finished_time = ${now} WHERE id = $1 AND status = 'running'`, [
      runId,
      status,
      error ?? null,
    ]);
  }

  /** A run of this account (any account when `account` is undefined). */
  async get(account: string | undefined, id: string): Promise<(PipelineRun & { territories: PipelineRunTerritory[] }) | undefined> {
    const run = await this.pool.query(`SELECT ${runColumns} FROM pipeline_runs WHERE id = $1 AND ($2::text IS NULL OR account = $2)`, [
      id,
      account ?? null,
    ]);
    if (!run.rows[0]) return undefined;
    const territories = await this.pool.query(
      `SELECT ${territoryColumns} FROM pipeline_run_territories WHERE run_id = $1 ORDER BY territory`,
      [id],
    );
    return { ...runFromRow(run.rows[0]), territories: territories.rows.map(territoryFromRow) };
  }

  /** Runs newest first; `before` is the last run of the previous page. */
  async list(account: string | undefined, limit: number, before?: { startedTime: Date; id: string }): Promise<PipelineRun[]> {
    const rows = await this.pool.query(
      `SELECT ${runColumns} FROM pipeline_runs
        WHERE ($1::text IS NULL OR account = $1) AND ($2::timestamptz IS NULL OR (started_time, id) < ($2, $3))
        ORDER BY started_time DESC, id DESC LIMIT $4`,
      [account ?? null, before?.startedTime ?? null, before?.id ?? null, limit],
    );
    return rows.rows.map(runFromRow);
  }

  async stepOutput<T>(night: PlanningNight, step: PipelineStep, inputDigest: string): Promise<T | undefined> {
    const row = await this.pool.query(
      `SELECT output FROM pipeline_step_outputs
        WHERE account = $1 AND connection = $2 AND territory = $3 AND plan_date = $4 AND days = $5 AND step = $6 AND input_digest = $7`,
      [night.account, night.connection, night.territory, night.planDate, night.days, step, inputDigest],
    );
    return row.rows[0]?.output as T | undefined;
  }

  async saveStepOutput(night: PlanningNight, step: PipelineStep, inputDigest: string, output: unknown): Promise<void> {
    await this.pool.query(
      `INSERT INTO pipeline_step_outputs(account, connection, territory, plan_date, days, step, input_digest, output)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (account, connection, territory, plan_date, days, step, input_digest) DO UPDATE SET output = EXCLUDED.output, created_time = ${now}`,
      [night.account, night.connection, night.territory, night.planDate, night.days, step, inputDigest, JSON.stringify(output)],
    );
  }
}
