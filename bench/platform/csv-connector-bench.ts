/**
 * Wall time of the CSV folder connector on a large drop: the demo fleet with its jobs copied until
 * there are about `JOBS` (default 5,000) in its three territories, then per territory a pull, a
 * sync of a plan with every job on 40 routes, and the same sync again (nothing written).
 *   node dist-NAME/bench/platform/csv-connector-bench.js [JOBS]
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { ProblemResponse } from '../../model/types/responses.js';
import { CsvFolderConnector } from '../../platform/csv-folder/csv-folder-connector.js';
import { repoRoot } from '../../runtime/paths.js';

const targetJobs = Number(process.argv[2] ?? 5000);
const routesPerTerritory = 40;
const range = { start: '2026-11-23', end: '2026-11-23' };

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  process.stdout.write(`${label.padEnd(44)} ${(performance.now() - started).toFixed(0).padStart(6)} ms\n`);
  return result;
}

function planFor(jobs: string[]): ProblemResponse {
  const routes: ProblemResponse['routes'] = [];
  for (let r = 0; r < routesPerTerritory; r++) {
    const mine = jobs.filter((_, i) => i % routesPerTerritory === r);
    routes.push({
      id: `route-${r}`,
      cost: 50 + r,
      internal_cost: 50 + r,
      distance_meters: 10000 + r,
      driving_time: '01:00:00',
      working_time: '07:00:00',
      planned_start_date_time: '2026-11-23T07:00:00',
      violations: [],
      stops: mine.map((job, i) => ({
        id: `s-${r}-${i}`,
        type: 'job' as const,
        job,
        arrival_datetime: '2026-11-23T08:00:00',
        distance_to_meters: 300,
        time_to: '00:02:00',
        idle_time: '00:00:00',
        time_on_site: '00:10:00',
        location: '43.73,7.42',
        violations: [],
      })),
    });
  }
  return { routes, unrouted_jobs: [] };
}

const folder = await mkdtemp(join(tmpdir(), 'wayplan-csv-bench-'));
try {
  await cp(join(repoRoot, 'platform', 'demo-fleet'), folder, { recursive: true });
  const [header, ...jobs] = parse(await readFile(join(folder, 'jobs.csv'), 'utf8')) as string[][];
  const copies = Math.max(1, Math.round(targetJobs / jobs.length));
  const many = Array.from({ length: copies }, (_, c) => jobs.map((row) => [`${row[0]}-${c}`, ...row.slice(1)])).flat();
  await writeFile(join(folder, 'jobs.csv'), stringify([header!, ...many]));
  process.stdout.write(`CSV folder with ${many.length} jobs in 3 territories (${(many.length / 3).toFixed(0)} each)\n`);
  const connector = new CsvFolderConnector(folder);
  for (const territory of ['fontvieille', 'condamine', 'monte-carlo']) {
    const pulled = await timed(`pull ${territory}`, () => connector.pull(territory, range));
    const plan = planFor(pulled.problem.jobs!.map((job) => job.id));
    await timed(`sync ${territory} (${routesPerTerritory} routes)`, () => connector.sync({ runId: 'bench', territory, range, plan }));
    const again = await timed(`sync ${territory} again`, () => connector.sync({ runId: 'bench', territory, range, plan }));
    if (!again.unchanged) throw new Error('the second sync wrote rows');
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
