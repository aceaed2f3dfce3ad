import { pipelineSteps, type StepRecord } from '../../model/pipeline.js';
import type { NightlyProgress, TerritoryProgress } from '../../workflows/contract.js';

function seconds(ms: number | undefined): string {
  return ms === undefined ? '' : `${(ms / 1000).toFixed(1)}s`;
}

/** `step` pending, `>step` running, `step 1.2s` done, `step=` reused from an earlier run, `step!` failed. */
function stepCell(step: string, record: StepRecord | undefined): string {
  if (!record) return step;
  if (record.status === 'running') return `>${step}`;
  if (record.status === 'failed') return `${step}!`;
  return record.reused ? `${step}=` : `${step} ${seconds(record.ms)}`;
}

function territoryLine(name: string, territory: TerritoryProgress, width: number): string {
  const steps = pipelineSteps.map((step) => stepCell(step, territory.steps[step])).join('  ');
  const tail =
    territory.status === 'completed'
      ? `  ${territory.routed}/${territory.jobs} routed`
      : territory.status === 'failed'
        ? `  FAILED: ${territory.error ?? ''}`
        : '';
  return `${name.padEnd(width)}  ${territory.status.padEnd(9)} ${steps}${tail}`;
}

/**
 * A live table of the run on a terminal (standard error), one line per territory, redrawn in
 * place; silent otherwise, so scripts get clean output.
 */
export class NightlyProgressDisplay {
  private readonly tty = Boolean(process.stderr.isTTY);
  private drawn = 0;

  update(progress: NightlyProgress): void {
    if (!this.tty) return;
    const names = Object.keys(progress.territories).sort();
    const width = Math.max(9, ...names.map((n) => n.length));
    const columns = process.stderr.columns ?? 160;
    const lines = [
      `run ${progress.runId}  ${progress.planDate ?? ''} +${progress.days}d  ${progress.status}`,
      ...names.map((name) => territoryLine(name, progress.territories[name]!, width)),
    ].map((line) => line.slice(0, columns - 1));
    const up = this.drawn > 0 ? `\x1b[${this.drawn}A` : '';
    process.stderr.write(`${up}${lines.map((line) => `\x1b[2K${line}\n`).join('')}`);
    this.drawn = lines.length;
  }
}
