import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoFleetFolder } from '../../cli/commands/demo-connection.js';
import { createPool } from '../../store/db.js';
import { addPlatformConnection } from '../../store/platform-connections.js';
import { pipelineSteps } from '../../model/pipeline.js';
import { benchEnv, cli, cliMain, startInfra, stopInfra } from '../support/infra.js';
import { benchOptions } from '../support/options.js';
import { writeSyntheticFleet } from './synthetic-fleet.js';

/**
 * Wall time per step of a nightly run over a real stack of its own (PostgreSQL and Temporal from
 * `wayplan infra`, one `wayplan worker`): the demo fleet, then a synthetic night of --territories
 * (10) territories of --jobs (500) jobs and --drivers (10) drivers each, and the worker's peak
 * memory. Runs `wayplan run nightly --wait --json` as an operator would; --time-limit S (0: the
 * default budgets) bounds each build and optimize.
 *
 *   node dist/bench/nightly/main.js [--time-limit 0] [--territories 10] [--jobs 500] [--drivers 10]
 */
const options = benchOptions({ 'time-limit': 0, territories: 10, jobs: 500, drivers: 10 }, { fractional: ['time-limit'] });

const account = 'bench';
const planDate = '2026-12-01';

interface TerritoryJson {
  territory: string;
  status: string;
  jobs: number;
  routed: number;
  unrouted: unknown[];
  routes: number;
  cost: number;
  distance_meters: number;
  failed_addresses: unknown[];
  steps: Record<string, { ms?: number; reused?: boolean }>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function night(env: NodeJS.ProcessEnv, connection: string, label: string, extra: string[]): Promise<void> {
  const started = Date.now();
  const run = await cli(env, [
    'run',
    'nightly',
    '--connection',
    connection,
    '--account',
    account,
    '--date',
    planDate,
    '--wait',
    '--json',
    ...extra,
  ]);
  const wall = Date.now() - started;
  if (!run.stdout.trim().startsWith('{')) throw new Error(`the run printed no JSON (exit ${run.code}): ${run.stderr}`);
  const outcome = JSON.parse(run.stdout) as { status: string; territories: TerritoryJson[] };
  const territories = outcome.territories;
  const sum = (pick: (t: TerritoryJson) => number): number => territories.reduce((total, t) => total + pick(t), 0);
  process.stdout.write(
    `\n${label}: ${outcome.status}, ${territories.length} territories, ${sum((t) => t.jobs)} jobs, ${sum((t) => t.routed)} routed, ` +
      `${sum((t) => t.unrouted.length)} unrouted, ${sum((t) => t.routes)} routes, cost ${sum((t) => t.cost).toFixed(2)}, ` +
      `${(sum((t) => t.distance_meters) / 1000).toFixed(1)} km, ${sum((t) => t.failed_addresses.length)} failed addresses; wall time ${seconds(wall)} (CLI start to finish)\n`,
  );
  process.stdout.write('  step          median   slowest  (per territory)\n');
  for (const step of pipelineSteps) {
    const times = territories.map((t) => t.steps[step]?.ms ?? 0);
    process.stdout.write(`  ${step.padEnd(12)} ${seconds(median(times)).padStart(8)} ${seconds(Math.max(...times)).padStart(9)}\n`);
  }
}

async function main(): Promise<void> {
  const timeLimit = options['time-limit'] > 0 ? String(options['time-limit']) : undefined;
  const { territories, jobs, drivers } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'wayplan-bench-nightly-'));
  const infra = await startInfra(dataDir);
  const env = benchEnv(infra, dataDir, 'bench-nightly');
  const worker = spawn(process.execPath, [cliMain, 'worker'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const pool = createPool(infra.databaseUrl, 2);
  try {
    await pool.query('INSERT INTO accounts(name) VALUES ($1) ON CONFLICT DO NOTHING', [account]);
    const demo = join(dataDir, 'demo-fleet');
    cpSync(demoFleetFolder, demo, { recursive: true, filter: (path) => !/(routes|stops)\.csv$/.test(path) });
    await addPlatformConnection(pool, account, 'demo', { kind: 'csv_folder', settings: { path: demo } });
    const synthetic = join(dataDir, 'synthetic-fleet');
    writeSyntheticFleet(synthetic, { territories, jobsPerTerritory: jobs, driversPerTerritory: drivers, date: planDate });
    await addPlatformConnection(pool, account, 'synthetic', { kind: 'csv_folder', settings: { path: synthetic } });

    const extra = timeLimit ? ['--time-limit', timeLimit] : [];
    process.stdout.write(
      `nightly pipeline, solver ${timeLimit ? `time limit ${timeLimit} s per build and optimize` : 'on its default budgets'}\n`,
    );
    await night(env, 'demo', 'demo fleet, first run (cold: the road graph and geocoding index are built on first use)', extra);
    await night(env, 'demo', 'demo fleet again (every step reused)', extra);
    await night(
      env,
      'synthetic',
      `synthetic night: ${territories * jobs} jobs, ${territories} territories, ${territories * drivers} drivers`,
      extra,
    );
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${worker.pid}/status`, 'utf8'))?.[1] ?? NaN);
    process.stdout.write(`worker peak memory over the three nights: ${(peakKb / 1024).toFixed(0)} MB\n`);
  } finally {
    await pool.end();
    worker.kill('SIGTERM');
    await new Promise((r) => worker.once('exit', r));
    await stopInfra(infra);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
