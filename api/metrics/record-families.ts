import type { Pool } from '../../store/db.js';
import { nightlyStepTally, taskTally, type DurationTally } from '../../store/record-metrics.js';
import { family, type Sample } from './exposition.js';

const stepBuckets = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

function histogramSamples(tally: DurationTally, keep: (labels: Record<string, string>) => boolean): Sample[] {
  const samples: Sample[] = [];
  for (const row of tally.totals.filter((r) => keep(r.labels) && r.timed > 0)) {
    const same = tally.buckets.filter((b) => Object.entries(row.labels).every(([k, v]) => b.labels[k] === v)).sort((a, b) => a.le - b.le);
    for (const bucket of same) samples.push({ suffix: '_bucket', labels: { ...row.labels, le: String(bucket.le) }, value: bucket.count });
    samples.push({ suffix: '_bucket', labels: { ...row.labels, le: '+Inf' }, value: row.timed });
    samples.push({ suffix: '_sum', labels: row.labels, value: row.seconds });
    samples.push({ suffix: '_count', labels: row.labels, value: row.timed });
  }
  return samples;
}

function sumBy(rows: DurationTally['totals'], key: string): Sample[] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.labels[key]!, (sums.get(row.labels[key]!) ?? 0) + row.count);
  return [...sums].map(([value, count]) => ({ labels: { [key]: value }, value: count }));
}

/**
 * Families counted from the task and nightly-run records at scrape time: they cover every worker
 * and API process and survive restarts, so any API process reports the same figures. Tasks removed
 * by retention stay counted.
 */
export async function recordFamilies(pool: Pool): Promise<string> {
  const [tasks, steps] = await Promise.all([taskTally(pool), nightlyStepTally(pool, stepBuckets)]);
  const ended = (labels: Record<string, string>): boolean => labels.status !== 'running';
  return [
    family(
      'wayplan_tasks_started_total',
      'counter',
      'Tasks started, by operation (from the task records)',
      sumBy(tasks.totals, 'operation'),
    ),
    family(
      'wayplan_tasks_ended_total',
      'counter',
      'Tasks ended, by operation and final status: completed, failed, canceled (from the task records)',
      tasks.totals.filter((r) => ended(r.labels)).map((r) => ({ labels: r.labels, value: r.count })),
    ),
    family(
      'wayplan_tasks_running',
      'gauge',
      'Tasks not ended yet, by operation',
      tasks.totals.filter((r) => !ended(r.labels)).map((r) => ({ labels: { operation: r.labels.operation! }, value: r.count })),
    ),
    family(
      'wayplan_task_duration_seconds',
      'histogram',
      'Time from start to end of ended tasks, by operation and final status',
      histogramSamples(tasks, ended),
    ),
    family(
      'wayplan_nightly_steps_total',
      'counter',
      'Steps of nightly territory runs, by step and status, reused outputs included',
      steps.totals.map((r) => ({ labels: r.labels, value: r.count })),
    ),
    family(
      'wayplan_nightly_step_duration_seconds',
      'histogram',
      'Wall time of nightly territory run steps that ran (not reused), by step and status',
      histogramSamples(steps, () => true),
    ),
  ].join('');
}
