import type { Pool } from './db.js';
import { newPayloadId } from './payloads.js';

/** The payloads a task names: what it was asked, and what it answered or failed with. */
export type TaskPayloadKind = 'request' | 'result' | 'error';

export type TaskStatus = 'running' | 'completed' | 'failed' | 'canceled';

export interface TaskRecord {
  id: string;
  account: string;
  user: string;
  operation: string;
  status: TaskStatus;
  options: Record<string, unknown>;
  progress: unknown;
  startedTime: Date;
  lastStatusTime: Date;
  finishedTime: Date | undefined;
}

export interface NewTask {
  id: string;
  account: string;
  user: string;
  operation: string;
  options: Record<string, unknown>;
  request: string;
}

export interface TaskListFilter {
  status?: TaskStatus;
  /** Only the tasks this user started. */
  user?: string;
  limit: number;
  /** Opaque position from a previous page: the last task's start time and id. */
  after?: { startedTime: Date; id: string };
}

const now = "date_trunc('milliseconds', clock_timestamp())";
const columns = 'id, account, user_name, operation, status, options, progress, started_time, last_status_time, finished_time';
/** Channel for PostgreSQL NOTIFY: every status change of a task publishes its id. */
export const taskChannel = 'wayplan_task';

function toRecord(row: Record<string, unknown>): TaskRecord {
  return {
    id: row.id as string,
    account: row.account as string,
    user: row.user_name as string,
    operation: row.operation as string,
    status: row.status as TaskStatus,
    options: row.options as Record<string, unknown>,
    progress: row.progress ?? undefined,
    startedTime: row.started_time as Date,
    lastStatusTime: row.last_status_time as Date,
    finishedTime: (row.finished_time as Date | null) ?? undefined,
  };
}

export class TaskStore {
  constructor(private readonly pool: Pool) {}

  /** The task with its request payload, in one statement. */
  async create(task: NewTask): Promise<TaskRecord> {
    const row = await this.pool.query(
      `WITH p AS (INSERT INTO payloads(id, account, kind, body) VALUES ($6, $2, 'request', $7) RETURNING id)
       INSERT INTO tasks(id, account, user_name, operation, status, options, request_payload)
         SELECT $1, $2, $3, $4, 'running', $5, p.id FROM p RETURNING ${columns}`,
      [task.id, task.account, task.user, task.operation, JSON.stringify(task.options), newPayloadId(), task.request],
    );
    return toRecord(row.rows[0]);
  }

  /** A task of this account; another account's task is indistinguishable from a missing one. */
  async get(account: string, id: string): Promise<TaskRecord | undefined> {
    const row = await this.pool.query(`SELECT ${columns} FROM tasks WHERE id = $1 AND account = $2`, [id, account]);
    return row.rows[0] ? toRecord(row.rows[0]) : undefined;
  }

  async getById(id: string): Promise<TaskRecord | undefined> {
    const row = await this.pool.query(`SELECT ${columns} FROM tasks WHERE id = $1`, [id]);
    return row.rows[0] ? toRecord(row.rows[0]) : undefined;
  }

  /** A task with its request payload, in one round trip (what a task activity starts with). */
  async getWithRequest(id: string): Promise<{ task: TaskRecord; request: string | undefined } | undefined> {
    const row = await this.pool.query(
      `SELECT ${columns}, (SELECT body FROM payloads WHERE payloads.id = tasks.request_payload) AS request FROM tasks WHERE id = $1`,
      [id],
    );
    return row.rows[0] ? { task: toRecord(row.rows[0]), request: row.rows[0].request ?? undefined } : undefined;
  }

  /**
   * A task of this account with the body of its outcome (its result or its error) once it has one:
   * what a request waiting for the result answers, in one round trip.
   */
  async getWithOutcome(account: string, id: string): Promise<{ task: TaskRecord; outcome: string | undefined } | undefined> {
    const row = await this.pool.query(
      `SELECT ${columns}, (SELECT body FROM payloads WHERE payloads.id = COALESCE(tasks.result_payload, tasks.error_payload)) AS outcome
         FROM tasks WHERE id = $1 AND account = $2`,
      [id, account],
    );
    return row.rows[0] ? { task: toRecord(row.rows[0]), outcome: row.rows[0].outcome ?? undefined } : undefined;
  }

  async list(account: string | undefined, filter: TaskListFilter): Promise<TaskRecord[]> {
    const rows = await this.pool.query(
      `SELECT ${columns} FROM tasks
        WHERE ($1::text IS NULL OR account = $1) AND ($2::text IS NULL OR status = $2)
          AND ($3::timestamptz IS NULL OR (started_time, id) < ($3, $4)) AND ($6::text IS NULL OR user_name = $6)
        ORDER BY started_time DESC, id DESC LIMIT $5`,
      [
        account ?? null,
        filter.status ?? null,
        filter.after?.startedTime ?? null,
        filter.after?.id ?? null,
        filter.limit,
        filter.user ?? null,
      ],
    );
    return rows.rows.map(toRecord);
  }

  async payload(id: string, kind: TaskPayloadKind): Promise<string | undefined> {
    const row = await this.pool.query(`SELECT p.body FROM tasks t JOIN payloads p ON p.id = t.${kind}_payload WHERE t.id = $1`, [id]);
    return row.rows[0]?.body;
  }

  /**
   * Moves a running task to a final state with its payload, and notifies its channel, in one
   * statement (one transaction). Only the first final state wins, so a result that arrives after a
   * cancel is dropped (and not stored) and a retried activity cannot finish twice.
   */
  async finish(id: string, status: Exclude<TaskStatus, 'running'>, payload?: { kind: 'result' | 'error'; body: string }): Promise<boolean> {
    const finished = `status = $2, last_status_time = ${now}, finished_time = ${now}`;
    const result = payload
      ? await this.pool.query(
          `WITH t AS (SELECT id, account FROM tasks WHERE id = $1 AND status = 'running' FOR UPDATE),
                p AS (INSERT INTO payloads(id, account, kind, body) SELECT $4, t.account, $5, $6 FROM t RETURNING id),
                u AS (UPDATE tasks SET ${finished}, ${payload.kind}_payload = (SELECT id FROM p) WHERE id = (SELECT id FROM t) RETURNING id)
           SELECT pg_notify($3, id) FROM u`,
          [id, status, taskChannel, newPayloadId(), payload.kind, payload.body],
        )
      : await this.pool.query(
          `WITH u AS (UPDATE tasks SET ${finished} WHERE id = $1 AND status = 'running' RETURNING id)
           SELECT pg_notify($3, id) FROM u`,
          [id, status, taskChannel],
        );
    return result.rowCount === 1;
  }

  /**
   * Deletes up to `limit` ended tasks, oldest first, that ended more than `days` days ago, with
   * their payloads (in the same statement: the tasks that name them go at once); returns how many.
   * Running tasks are never deleted, however old.
   */
  async deleteEndedBefore(days: number, limit: number): Promise<number> {
    const result = await this.pool.query<{ deleted: string }>(
      `WITH old AS (SELECT id FROM tasks WHERE status <> 'running' AND finished_time < now() - make_interval(days => $1)
                    ORDER BY finished_time LIMIT $2 FOR UPDATE SKIP LOCKED),
            d AS (DELETE FROM tasks t USING old WHERE t.id = old.id RETURNING t.request_payload, t.result_payload, t.error_payload),
            p AS (DELETE FROM payloads WHERE id IN (SELECT request_payload FROM d UNION ALL SELECT result_payload FROM d
                                                    UNION ALL SELECT error_payload FROM d))
       SELECT count(*) AS deleted FROM d`,
      [days, limit],
    );
    return Number(result.rows[0]!.deleted);
  }

  async setProgress(id: string, progress: unknown): Promise<void> {
    await this.pool.query(
      `WITH u AS (UPDATE tasks SET progress = $2, last_status_time = ${now} WHERE id = $1 AND status = 'running' RETURNING id)
       SELECT pg_notify($3, id) FROM u`,
      [id, JSON.stringify(progress), taskChannel],
    );
  }
}
