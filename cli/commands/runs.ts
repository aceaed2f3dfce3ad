import type { Config } from '../../runtime/config.js';
import type { Logger } from '../../runtime/logger.js';
import { runView } from '../../store/pipeline-run-view.js';
import { pipelineSteps } from '../../model/pipeline.js';
import { PipelineRunStore, type PipelineRun, type PipelineRunTerritory } from '../../store/pipeline-runs.js';
import { withDatabase } from '../database.js';
import { printJson, printRows } from '../output.js';

type RunWithTerritories = PipelineRun & { territories: PipelineRunTerritory[] };

function money(value: number | undefined): string {
  return value === undefined ? '' : value.toFixed(2);
}

function km(meters: number | undefined): string {
  return meters === undefined ? '' : (meters / 1000).toFixed(1);
}

/** A finished (or running) run for people: a table per territory, then what needs attention. */
export function printRunReport(run: RunWithTerritories): void {
  process.stdout.write(
    `run ${run.id} (${run.connection}, ${run.planDate} +${run.days}d): ${run.status}${run.error ? ` — ${run.error}` : ''}\n\n`,
  );
  printRows(
    run.territories.map((t) => ({
      territory: t.territory,
      status: t.status,
      jobs: t.jobs,
      routed: t.routed,
      unrouted: t.unrouted.length,
      routes: t.routes,
      cost: money(t.cost),
      km: km(t.distanceMeters),
      failed_addresses: t.failedAddresses.length,
      bad_rows: t.rowFaults.length,
      synced_to: t.sync?.destination,
    })),
    false,
  );
  for (const t of run.territories) {
    const notes: string[] = [];
    if (t.error) notes.push(`  failed in ${t.step ?? 'a step'}: ${t.error}`);
    for (const fault of t.rowFaults)
      notes.push(`  bad row: ${fault.source} line ${fault.line}${fault.column ? ` column ${fault.column}` : ''}: ${fault.message}`);
    for (const job of t.unrouted)
      notes.push(
        `  unrouted ${job.id}: ${job.reasons.length ? job.reasons.join(', ') : 'no violation found (it fits a route it was not put on)'}${job.message ? ` (${job.message})` : ''}`,
      );
    const steps = pipelineSteps
      .flatMap((step) => {
        const record = t.steps[step];
        return record
          ? [`${step} ${record.ms === undefined ? '…' : `${(record.ms / 1000).toFixed(1)}s`}${record.reused ? ' (reused)' : ''}`]
          : [];
      })
      .join(', ');
    if (steps) notes.unshift(`  steps: ${steps}`);
    if (notes.length) process.stdout.write(`\n${t.territory}\n${notes.join('\n')}\n`);
  }
}

export async function runsList(config: Config, log: Logger, options: { account?: string; limit?: string; json?: boolean }): Promise<void> {
  const limit = Number(options.limit ?? 20);
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a positive integer');
  const runs = await withDatabase(config, log, (pool) => new PipelineRunStore(pool).list(options.account, limit));
  if (options.json) {
    printJson(runs.map((run) => runView(run)));
    return;
  }
  printRows(
    runs.map((run) => ({
      run: run.id,
      account: run.account,
      connection: run.connection,
      plan_date: run.planDate,
      days: run.days,
      trigger: run.trigger,
      status: run.status,
      started: run.startedTime,
      finished: run.finishedTime,
    })),
    false,
  );
}

export async function runsShow(config: Config, log: Logger, id: string, options: { json?: boolean }): Promise<void> {
  const run = await withDatabase(config, log, (pool) => new PipelineRunStore(pool).get(undefined, id));
  if (!run) throw new Error(`no run ${id}`);
  if (options.json) printJson(runView(run));
  else printRunReport(run);
  if (run.status === 'failed' || run.status === 'canceled') process.exitCode = 1;
}
