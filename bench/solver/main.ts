import { Command } from 'commander';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runOperation } from '../../engine/operations/index.js';
import { solve } from '../../engine/core/solve.js';
import { solveParallel } from '../../engine/core/parallel/parallel-solve.js';
import { takeSearchRuns } from '../../engine/planning/search-tally.js';
import type { SolveResult } from '../../engine/core/solve-options.js';
import { loadBestKnown, type BestKnown } from './best-known.js';
import { checkSolution, readInstance } from './check.js';
import { compileBenchInstance } from './compile-bench-instance.js';
import { discoverInstances, instanceFilter } from './discover.js';
import { keepFoundPlan, readFoundPlan, referenceWithFoundPlan } from './found-plans.js';
import type { BenchInstance } from './instance-files.js';
import { ensurePeerEnvironment, PEER_SOLVERS, type PeerSolver, runPeer } from './peers.js';
import { instanceProblem, instanceTravelProvider, responseRoutes } from './problem-from-instance.js';
import { formatRow, formatSolution, instanceClass, ROW_HEADER, summarize, toCsv, type RunRow } from './report.js';

interface CliOptions {
  dir?: string;
  set: string;
  time?: string;
  threads: string;
  instances?: string;
  peers?: boolean | string;
  out?: string;
  seed: string;
  viaProblem?: boolean;
  iterations?: string;
  keepFound?: boolean;
}

const DEFAULT_TIME_S = 10;
/**
 * The time limit under an iteration budget. Through the build it is the build's deadline, so it must
 * not bind: the default 10 s ended r1_10_1's runs of 3,000 iterations after about 9 s.
 */
const ITERATIONS_SAFETY_NET_S = 3600;

/** The repository root: the nearest folder upwards from the working directory with a package.json. */
function repoRoot(): string {
  let folder = process.cwd();
  while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

function scoreRow(
  solver: string,
  instance: BenchInstance,
  routes: number[][],
  bestKnown: BestKnown | undefined,
  timeToBestS: number,
  elapsedS: number,
): RunRow {
  const check = checkSolution(instance, routes);
  return {
    solver,
    instance: instance.name,
    family: instance.family,
    instanceClass: instanceClass(instance.name, instance.family),
    cost: check.cost,
    vehicles: check.vehicles,
    feasible: check.feasible,
    bestKnown: bestKnown?.distance ?? null,
    reference: bestKnown?.reference ?? 'none',
    gapPercent: bestKnown ? (100 * (check.cost - bestKnown.distance)) / bestKnown.distance : null,
    timeToBestS,
    elapsedS,
  };
}

async function main(): Promise<void> {
  const options = new Command()
    .name('bench:solver')
    .description('Runs the wayplan engine (and optionally PyVRP, OR-Tools, VROOM) on benchmark instances')
    .option('--dir <folder>', 'benchmark folder, searched recursively (overrides --set)')
    .option(
      '--set <name>',
      `instance set: ${Object.keys(INSTANCE_SETS).join(' or ')} (report: ../shared/bench from the repo root; tuning: bench/solver/tuning, kept apart from the report set)`,
      'report',
    )
    .option('--time <seconds>', `time limit per instance (default ${DEFAULT_TIME_S}; with --iterations ${ITERATIONS_SAFETY_NET_S})`)
    .option('--threads <n>', 'solver threads per instance', '1')
    .option('--instances <pattern>', 'glob (comma-separated) or regular expression on instance names')
    .option('--peers [solvers]', 'also run peers: pyvrp, ortools, vroom, or a comma-separated list of them (Python venv in bench/.venv)')
    .option('--out <folder>', 'write <instance>.sol files and summary CSVs')
    .option('--seed <n>', 'base seed (PyVRP runs on the same seed)', '1')
    .option(
      '--iterations <n>',
      'iteration budget per thread instead of a time limit (reproducible figures under a seed; --time is then only a safety net, which through --via-problem is the build deadline)',
    )
    .option(
      '--via-problem',
      'convert each instance to a JSON build request and solve it through the build operation (on --threads threads)',
    )
    .option(
      '--keep-found',
      `keep a checked plan (ours or a peer's) that costs less than a distance reference in ${FOUND_PLANS.join('/')}, the reference of later runs`,
    )
    .parse()
    .opts<CliOptions>();
  const root = repoRoot();
  const benchFolder = resolve(options.dir ?? setFolder(root, options.set));
  const maxIterations = options.iterations === undefined ? undefined : Number(options.iterations);
  const timeLimitS = Number(options.time ?? (maxIterations === undefined ? DEFAULT_TIME_S : ITERATIONS_SAFETY_NET_S));
  const threads = Number(options.threads);
  const seed = Number(options.seed);
  const keep = instanceFilter(options.instances);
  const files = discoverInstances(benchFolder).filter((file) => keep(file.name));
  if (files.length === 0) throw new Error(`no instances under ${benchFolder} match`);
  if (options.out) mkdirSync(options.out, { recursive: true });
  const peers = peerSelection(options.peers);
  const python = peers.length > 0 ? ensurePeerEnvironment(root) : null;

  const rows: RunRow[] = [];
  const peerRows: RunRow[] = [];
  const budget = maxIterations === undefined ? `${timeLimitS}s` : `${maxIterations} iterations`;
  const foundFolder = join(root, ...FOUND_PLANS);
  process.stdout.write(`wayplan engine: ${files.length} instances, ${budget}, ${threads} thread(s)\n${ROW_HEADER}\n`);
  for (const file of files) {
    const instance = readInstance(file.path);
    const published = loadBestKnown(file.folder, instance.family).get(instance.name.toLowerCase());
    const found = readFoundPlan(foundFolder, instance);
    const bestKnown = referenceWithFoundPlan(published, found);
    if (found && bestKnown !== published) {
      process.stdout.write(
        `${instance.name}: reference ${found.cost.toFixed(2)}, a checked plan found by ${found.foundBy} (published ${published!.distance})\n`,
      );
    }
    // Every solver of the instance is scored against the reference it started with; a plan kept on the way counts from the next run.
    const keepIfCheaper = (solver: string, routes: number[][]): void => {
      if (!options.keepFound) return;
      const current = referenceWithFoundPlan(published, readFoundPlan(foundFolder, instance));
      if (keepFoundPlan(foundFolder, instance, routes, current, `${solver}, seed ${seed}, ${budget}, ${threads} thread(s)`)) {
        process.stdout.write(`  ${instance.name}: ${solver}'s plan kept as the reference\n`);
      }
    };
    const { routes, timeToBestS, elapsedS, unassigned, iterations } = options.viaProblem
      ? await solveViaProblem(instance, timeLimitS, seed, threads, maxIterations)
      : await solveCompiled(instance, timeLimitS, seed, threads, maxIterations);
    const row = scoreRow('wayplan', instance, routes, bestKnown, timeToBestS, elapsedS);
    rows.push(row);
    process.stdout.write(`${formatRow(row)}  ${iterations} iterations${unassigned ? `  unassigned ${unassigned}` : ''}\n`);
    keepIfCheaper('wayplan', routes);
    if (options.out) {
      writeFileSync(join(options.out, `${instance.name}.sol`), formatSolution(routes, row.cost, instance.rounding === 'nint'));
    }
    if (python) {
      for (const solver of peers) {
        const work = join(options.out ?? join(root, 'bench', 'out'), 'peers');
        const run = runPeer(python, root, solver, instance, timeLimitS, seed, work);
        if (!run.routes) {
          process.stdout.write(`  ${solver.padEnd(8)} failed: ${run.error}\n`);
          continue;
        }
        const peerRow = scoreRow(solver, instance, run.routes, bestKnown, run.timeToBestS ?? run.runtimeS, run.runtimeS);
        peerRows.push(peerRow);
        process.stdout.write(`  ${solver.padEnd(8)} ${formatRow(peerRow)}\n`);
        keepIfCheaper(solver, run.routes);
        if (options.out) {
          const solution = formatSolution(run.routes, peerRow.cost, instance.rounding === 'nint');
          writeFileSync(join(work, `${instance.name}.${solver}.sol`), solution);
        }
      }
    }
  }
  process.stdout.write('\nSummary (G&H gaps are against hierarchical best-knowns: vehicles first, then distance)\n');
  for (const line of summarize([...rows, ...peerRows])) process.stdout.write(`${line}\n`);
  if (peerRows.length > 0) printSideBySide(rows, peerRows);
  if (options.out) {
    writeFileSync(join(options.out, 'summary.csv'), toCsv(rows));
    if (peerRows.length > 0) writeFileSync(join(options.out, 'peers.csv'), toCsv([...rows, ...peerRows]));
  }
}

/** Named instance sets, as paths from the repository root: the one we report on and the one we tune on. */
const INSTANCE_SETS: Record<string, string[]> = {
  report: ['..', 'shared', 'bench'],
  tuning: ['bench', 'solver', 'tuning'],
};

/** Where `--keep-found` keeps plans cheaper than their reference, from the repository root (see found-plans.ts). */
const FOUND_PLANS = ['bench', 'solver', 'found-plans'];

function setFolder(root: string, name: string): string {
  const parts = INSTANCE_SETS[name];
  if (!parts) throw new Error(`unknown set ${name} (known: ${Object.keys(INSTANCE_SETS).join(', ')})`);
  return join(root, ...parts);
}

/** The peers `--peers` names: all of them without a list, none without the option. */
function peerSelection(option: boolean | string | undefined): readonly PeerSolver[] {
  if (option === undefined || option === false) return [];
  if (option === true) return PEER_SOLVERS;
  const names = option.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(PEER_SOLVERS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown peer ${unknown.join(', ')} (known: ${PEER_SOLVERS.join(', ')})`);
  return PEER_SOLVERS.filter((solver) => names.includes(solver));
}

interface EngineRun {
  routes: number[][];
  timeToBestS: number;
  elapsedS: number;
  unassigned: number;
  /** Iterations of the search, summed over its threads (and over an operation's searches). */
  iterations: number;
}

/** The core on the instance compiled directly from the file. */
async function solveCompiled(
  instance: BenchInstance,
  timeLimitS: number,
  seed: number,
  threads: number,
  maxIterations: number | undefined,
): Promise<EngineRun> {
  const compiled = compileBenchInstance(instance);
  const solveOptions = maxIterations === undefined ? { seed, timeLimitMs: timeLimitS * 1000 } : { seed, maxIterations };
  const result: SolveResult = threads > 1 ? await solveParallel(compiled, { ...solveOptions, threads }) : solve(compiled, solveOptions);
  return {
    routes: result.routes.map((route) => route.jobs),
    timeToBestS: result.timeToBestMs / 1000,
    elapsedS: result.elapsedMs / 1000,
    unassigned: result.unassigned.length,
    iterations: result.iterations,
  };
}

/**
 * The service's path: the instance as a JSON build request, solved by the build operation. Its time
 * to best is when the last of the operation's core searches last improved, from the operation's start
 * (so request resolution, travel and construction count, as they do for a caller).
 */
async function solveViaProblem(
  instance: BenchInstance,
  timeLimitS: number,
  seed: number,
  threads: number,
  maxIterations: number | undefined,
): Promise<EngineRun> {
  const started = performance.now();
  const startedAt = Date.now();
  const tuning = maxIterations === undefined ? { threads } : { threads, maxIterations };
  const response = (await runOperation(
    'build',
    instanceProblem(instance, timeLimitS, seed),
    {},
    instanceTravelProvider(instance),
    () => undefined,
    tuning,
  )) as {
    routes: { stops?: { type: string; id: string }[] }[];
    unrouted_jobs: unknown[];
  };
  const elapsedS = (performance.now() - started) / 1000;
  const runs = takeSearchRuns();
  const improvedAt = Math.max(...runs.map((run) => run.startedAt + run.timeToBestMs));
  const timeToBestS = Number.isFinite(improvedAt) ? (improvedAt - startedAt) / 1000 : elapsedS;
  const iterations = runs.reduce((sum, run) => sum + run.iterations, 0);
  return { routes: responseRoutes(response), timeToBestS, elapsedS, unassigned: response.unrouted_jobs.length, iterations };
}

/** Gap per instance for every solver in one table. */
function printSideBySide(rows: RunRow[], peerRows: RunRow[]): void {
  const solvers = ['wayplan', ...PEER_SOLVERS];
  const cell = (row: RunRow | undefined): string =>
    (row === undefined
      ? '—'
      : `${row.gapPercent === null ? row.cost.toFixed(1) : row.gapPercent.toFixed(2) + '%'}${row.feasible ? '' : '!'}`
    ).padStart(10);
  process.stdout.write(`\n${'instance'.padEnd(12)}${solvers.map((s) => s.padStart(10)).join('')}   (gap to best-known; ! = infeasible)\n`);
  for (const row of rows) {
    const others = PEER_SOLVERS.map((solver) => peerRows.find((peer) => peer.solver === solver && peer.instance === row.instance));
    process.stdout.write(`${row.instance.padEnd(12)}${cell(row)}${others.map(cell).join('')}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
