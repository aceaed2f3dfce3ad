import type { Pool } from './db.js';

/** Records counted by their labels, with the total of their durations. */
export interface CountRow {
  labels: Record<string, string>;
  count: number;
  /** How many of them have a duration, and its sum. */
  timed: number;
  seconds: number;
}

/** How many durations of those labels are at most `le` seconds. */
export interface BucketRow {
  labels: Record<string, string>;
  le: number;
  count: number;
}

export interface DurationTally {
  totals: CountRow[];
  buckets: BucketRow[];
}

/**
 * Durations of one kind of record, tallied per label set and bucket by PostgreSQL. `source` is a
 * query yielding the label columns and `seconds` (NULL while unfinished: counted, not timed).
 */
async function tally(pool: Pool, source: string, labels: string[], le: readonly number[]): Promise<DurationTally> {
  const cols = labels.join(', ');
  const totals = await pool.query<Record<string, string | number>>(
    `SELECT ${cols}, count(*)::float8 AS count, count(seconds)::float8 AS timed, coalesce(sum(seconds), 0)::float8 AS seconds FROM (${source}) d GROUP BY ${cols}`,
  );
  const buckets = await pool.query<Record<string, string | number>>(
    `SELECT ${cols}, b.le, count(*) FILTER (WHERE d.seconds <= b.le)::float8 AS count
       FROM (${source}) d CROSS JOIN unnest($1::float8[]) AS b(le) WHERE d.seconds IS NOT NULL GROUP BY ${cols}, b.le`,
    [le],
  );
  const pick = (row: Record<string, string | number>): Record<string, string> => Object.fromEntries(labels.map((l) => [l, String(row[l])]));
  return {
    totals: totals.rows.map((row) => ({
      labels: pick(row),
      count: Number(row.count),
      timed: Number(row.timed),
      seconds: Number(row.seconds),
    })),
    buckets: buckets.rows.map((row) => ({ labels: pick(row), le: Number(row.le), count: Number(row.count) })),
  };
}

/**
 * Every task by operation and status, with the duration of the finished ones: the tasks still
 * stored plus the tallies of those deleted (store/migrations), so no count ever goes down. The
 * histogram's bounds are the database's.
 */
export async function taskTally(pool: Pool): Promise<DurationTally> {
  const bounds = await pool.query<{ le: number }>('SELECT le FROM task_duration_buckets ORDER BY le');
  const [stored, totals, buckets] = await Promise.all([
    tally(
      pool,
      'SELECT operation, status, extract(epoch FROM finished_time - started_time)::float8 AS seconds FROM tasks',
      ['operation', 'status'],
      bounds.rows.map((r) => r.le),
    ),
    pool.query<{ operation: string; status: string; count: string; timed: string; seconds: number }>(
      'SELECT operation, status, count, timed, seconds FROM retired_task_totals',
    ),
    pool.query<{ operation: string; status: string; le: number; count: string }>(
      'SELECT r.operation, r.status, r.le, r.count FROM retired_task_buckets r JOIN task_duration_buckets USING (le)',
    ),
  ]);
  return {
    totals: addRows(
      stored.totals,
      totals.rows.map((r) => ({
        labels: { operation: r.operation, status: r.status },
        count: Number(r.count),
        timed: Number(r.timed),
        seconds: r.seconds,
      })),
      (a, b) => ({ ...a, count: a.count + b.count, timed: a.timed + b.timed, seconds: a.seconds + b.seconds }),
    ),
    buckets: addRows(
      stored.buckets,
      buckets.rows.map((r) => ({ labels: { operation: r.operation, status: r.status }, le: r.le, count: Number(r.count) })),
      (a, b) => ({ ...a, count: a.count + b.count }),
    ),
  };
}

/** Rows of both lists, those with the same labels (and bucket) added together. */
function addRows<T extends { labels: Record<string, string>; le?: number }>(a: T[], b: T[], add: (x: T, y: T) => T): T[] {
  const key = (row: T): string => JSON.stringify([row.labels, row.le]);
  const byKey = new Map(a.map((row) => [key(row), row]));
  for (const row of b) {
    const same = byKey.get(key(row));
    byKey.set(key(row), same ? add(same, row) : row);
  }
  return [...byKey.values()];
}

/** Every step of every nightly territory run by step and status; reused outputs count, untimed. */
export function nightlyStepTally(pool: Pool, le: readonly number[]): Promise<DurationTally> {
  return tally(
    pool,
    `SELECT s.key AS step, s.value->>'status' AS status,
            CASE WHEN coalesce((s.value->>'reused')::boolean, false) THEN NULL ELSE (s.value->>'ms')::float8 / 1000 END AS seconds
       FROM pipeline_run_territories t CROSS JOIN jsonb_each(t.steps) AS s`,
    ['step', 'status'],
    le,
  );
}
