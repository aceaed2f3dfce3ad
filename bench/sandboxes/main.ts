import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Problem } from '../../model/index.js';
import { applyDeltasRevision, snapshotState } from '../../model/sandbox/index.js';
import { createPool, type Pool } from '../../store/db.js';
import { SandboxStore } from '../../store/sandboxes.js';
import { ensureAccount } from '../../store/users.js';
import { pagesTouched, planReportingPool, rowsRead } from '../../test/support/statement-plans.js';
import { benchDatabase } from '../support/infra.js';
import { benchOptions } from '../support/options.js';

/**
 * What a sandbox revision costs as the history grows, on the store and PostgreSQL (no HTTP). Each
 * case fills a sandbox to a history length, then times `--revisions` more by one writer and as many
 * by `--writers` at once, the model's share of one write, retrieval at a revision halfway back
 * (15 deltas replayed from its checkpoint), the statements one write and that retrieval run with
 * the rows and pages each read (auto_explain), and a snapshot revision of the latest state. Three
 * series: the history grows (100, 1,000, 5,000) on a state of `--jobs` jobs whose revisions edit
 * one job each; the state grows (100, 1,000, 5,000 jobs) on a history of 32 (a tenth of the
 * revisions); both grow, each revision adding a job as the concurrent-writers e2e test does, up to
 * a history of `--growing`. PostgreSQL is the bench's own unless DATABASE_URL names one.
 *
 *   node dist/bench/sandboxes/main.js [--revisions 200] [--writers 50] [--jobs 50] [--growing 1000]
 */

const lengths = [100, 1000, 5000];
/** Jobs in the state, for the same short history. */
const sizes = [100, 1000, 5000];
const account = `bench-sandboxes-${process.pid}`;
const options = benchOptions({ revisions: 200, writers: 50, jobs: 50, growing: 1000 }, { min: 1 });

type Delta = (k: number) => unknown[];

const location = (k: number): string => `47.${String(6000 + (k % 1000)).padStart(4, '0')}, -122.3`;
/** Revision k edits job k mod `jobs`: the state keeps its size. */
const editJob: Delta = (k) => [
  {
    $path: ['jobs'],
    $collection: 'keyed_array',
    assign: [{ id: `j${k % options.jobs}`, location: location(k), time_on_site: `00:${String(k % 60).padStart(2, '0')}` }],
  },
];
/** Revision k adds job `add-k`: the state grows by a job a revision. */
const addJob: Delta = (k) => [{ $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: `add-${k}`, location: location(k) }] }];

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function createSandbox(store: SandboxStore, name: string, jobs: number): Promise<string> {
  const id = `${name}-${process.pid}`;
  const problem = { jobs: Array.from({ length: jobs }, (_, j) => ({ id: `j${j}`, location: location(j) })) };
  await store.create({ id, account, creator: 'bench', name, state: snapshotState(problem) });
  return id;
}

/** Revisions `from` + 0 .. `count` - 1 by `writers` writers at once; the seconds they took. */
async function write(store: SandboxStore, id: string, delta: Delta, from: number, count: number, writers: number): Promise<number> {
  let next = from;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(writers, count) }, async () => {
      for (let k = next++; k < from + count; k = next++) {
        const created = await store.append(id, { kind: 'deltas', deltas: delta(k) }, `t${k}`);
        if (created === undefined) throw new Error(`sandbox ${id} is gone`);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

function rate(count: number, seconds: number): string {
  return `${(count / seconds).toFixed(0)}/s, ${((seconds * 1000) / count).toFixed(2)} ms a revision`;
}

async function median(times: number, work: () => Promise<unknown>): Promise<number> {
  const spent: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    spent.push(performance.now() - started);
  }
  return spent.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

/** The statements `work` runs on a pool of its own, with the rows and pages each read. */
async function statementsOf(databaseUrl: string, work: (store: SandboxStore) => Promise<unknown>): Promise<string> {
  const { pool, statements } = planReportingPool(databaseUrl);
  try {
    const store = new SandboxStore(pool);
    await pool.query('SELECT 1');
    statements.length = 0;
    await work(store);
    const lines = statements.map(
      (s) => `      ${rowsRead(s.plan)} rows, ${pagesTouched(s.plan)} pages: ${s.query.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
    const rows = statements.reduce((sum, s) => sum + rowsRead(s.plan), 0);
    const pages = statements.reduce((sum, s) => sum + pagesTouched(s.plan), 0);
    return `${statements.length} statements, ${rows} rows read, ${pages} pages\n${lines.join('\n')}`;
  } finally {
    await pool.end();
  }
}

async function jobsAt(store: SandboxStore, id: string): Promise<number> {
  return (JSON.parse((await store.latest(id))!.state) as Problem).jobs?.length ?? 0;
}

interface Workload {
  name: string;
  /** Jobs of revision 0. */
  jobs: number;
  delta: Delta;
}

/**
 * A sandbox of `workload` filled to `length` revisions, then `count` more by one writer and by
 * `--writers`, retrieval halfway back, the statements of a write and of that retrieval, the
 * model's share of a write (applying, canonicalizing and validating the deltas on the latest state),
 * and a snapshot revision of the latest state (parsed, validated, canonicalized, written).
 */
async function measure(pool: Pool, databaseUrl: string, workload: Workload, length: number, count: number): Promise<void> {
  const store = new SandboxStore(pool);
  const id = await createSandbox(store, `${workload.name}-${workload.jobs}-${length}`, workload.jobs);
  const filled = await write(store, id, workload.delta, 0, length, 10);
  const before = await jobsAt(store, id);
  const one = await write(store, id, workload.delta, length, count, 1);
  const many = await write(store, id, workload.delta, length + count, count, options.writers);
  const next = length + 2 * count;
  const latest = (await store.latest(id))!;
  const model = await median(5, () => Promise.resolve(applyDeltasRevision(latest.state, workload.delta(next))));
  const far = Math.floor(length / 32) * 16 + 15;
  const retrieval = await median(5, () => store.stateAt(id, far));
  const latestRead = await median(11, () => store.latest(id));
  const after = await jobsAt(store, id);
  const jobs = before === after ? `${after} jobs` : `${before} to ${after} jobs`;
  console.log(
    `  history ${length}, state of ${jobs} (${(latest.state.length / 1024).toFixed(0)} kB at the end): filled in ${filled.toFixed(1)} s; load ${load()}`,
  );
  console.log(`    1 writer:  ${rate(count, one)}`);
  console.log(`    ${options.writers} writers: ${rate(count, many)}`);
  console.log(`    of a write, applying, canonicalizing and validating the deltas on the latest state: ${model.toFixed(2)} ms`);
  console.log(
    `    retrieval at revision ${far} (15 deltas after a checkpoint): ${retrieval.toFixed(2)} ms; latest: ${latestRead.toFixed(2)} ms`,
  );
  console.log(
    `    one write: ${await statementsOf(databaseUrl, (s) => s.append(id, { kind: 'deltas', deltas: workload.delta(next) }, `t${next}`))}`,
  );
  console.log(`    retrieval at ${far}: ${await statementsOf(databaseUrl, (s) => s.stateAt(id, far))}`);
  const body = (await store.latest(id))!.state;
  const snapshotModel = await median(5, () => Promise.resolve(snapshotState(JSON.parse(body))));
  const snapshot = await median(5, () => store.append(id, { kind: 'snapshot', state: snapshotState(JSON.parse(body)) }, undefined));
  console.log(
    `    a snapshot of the latest state: ${snapshot.toFixed(2)} ms, of which parsing, validating and canonicalizing ${snapshotModel.toFixed(2)} ms`,
  );
}

/** The three series, on a pool as large as an API process's. */
async function run(databaseUrl: string): Promise<void> {
  const pool = createPool(databaseUrl, 20);
  try {
    await ensureAccount(pool, account);
    console.log(`the history grows, the state does not: ${options.jobs} jobs, each revision edits one`);
    for (const length of lengths)
      await measure(pool, databaseUrl, { name: 'edit', jobs: options.jobs, delta: editJob }, length, options.revisions);
    console.log(`the state grows, the history does not: ${sizes.join(', ')} jobs, each revision edits one`);
    for (const jobs of sizes)
      await measure(pool, databaseUrl, { name: 'edit', jobs, delta: editJob }, 32, Math.max(1, Math.round(options.revisions / 10)));
    console.log(`both grow, as in the concurrent-writers e2e test: each revision adds a job`);
    for (const length of lengths.filter((l) => l <= options.growing)) {
      await measure(pool, databaseUrl, { name: 'add', jobs: 0, delta: addJob }, length, options.revisions);
    }
  } finally {
    await pool.end();
  }
}

const folder = mkdtempSync(join(tmpdir(), 'wayplan-bench-sandboxes-'));
try {
  const { databaseUrl, stop } = await benchDatabase(join(folder, 'data'));
  try {
    await run(databaseUrl);
  } finally {
    await stop();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
