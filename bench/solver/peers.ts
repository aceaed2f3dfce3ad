import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchInstance } from './instance-files.js';

export const PEER_SOLVERS = ['pyvrp', 'ortools', 'vroom'] as const;
export type PeerSolver = (typeof PEER_SOLVERS)[number];

const PIP_PACKAGES = ['pyvrp', 'ortools', 'pyvroom'];
/** Grace on top of the time limit for Python start-up and model building before a runner is killed. */
const RUNNER_GRACE_MS = 120_000;

export interface PeerRun {
  routes: number[][] | null;
  runtimeS: number;
  /** When the runner found its final solution (PyVRP tells; the others only end). */
  timeToBestS?: number;
  error?: string;
}

/** Creates `bench/.venv` and installs the peers from PyPI unless they already import. */
export function ensurePeerEnvironment(repoRoot: string): string {
  const venv = join(repoRoot, 'bench', '.venv');
  const python = join(venv, 'bin', 'python');
  const run = (command: string, args: string[]): boolean => spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot }).status === 0;
  if (!existsSync(python) && !run('python3', ['-m', 'venv', venv])) throw new Error('could not create bench/.venv');
  const importable = spawnSync(python, ['-c', 'import pyvrp, ortools, vroom'], { stdio: 'ignore' }).status === 0;
  if (!importable && !run(python, ['-m', 'pip', 'install', '--quiet', ...PIP_PACKAGES])) {
    throw new Error(`pip install ${PIP_PACKAGES.join(' ')} failed`);
  }
  return python;
}

export function runPeer(
  python: string,
  repoRoot: string,
  solver: PeerSolver,
  instance: BenchInstance,
  timeLimitS: number,
  seed: number,
  workFolder: string,
): PeerRun {
  mkdirSync(workFolder, { recursive: true });
  // Named per process: benches run side by side (a seed per core) share the default work folder.
  const instancePath = join(workFolder, `${instance.name}.${process.pid}.json`);
  const outputPath = join(workFolder, `${instance.name}.${solver}.${process.pid}.json`);
  writeFileSync(instancePath, JSON.stringify(instance));
  try {
    const script = join(repoRoot, 'bench', 'solver', 'peers', `run_${solver}.py`);
    const started = performance.now();
    const result = spawnSync(python, [script, instancePath, String(timeLimitS), outputPath, String(seed)], {
      encoding: 'utf8',
      timeout: timeLimitS * 1000 + RUNNER_GRACE_MS,
    });
    const runtimeS = (performance.now() - started) / 1000;
    if (result.status !== 0 || !existsSync(outputPath)) {
      return {
        routes: null,
        runtimeS,
        error: (result.stderr || String(result.error ?? 'failed')).trim().split('\n').slice(-3).join(' | '),
      };
    }
    const output = JSON.parse(readFileSync(outputPath, 'utf8')) as { routes: number[][]; runtime: number; time_to_best?: number };
    return { routes: output.routes, runtimeS: output.runtime, timeToBestS: output.time_to_best };
  } finally {
    rmSync(instancePath, { force: true });
    rmSync(outputPath, { force: true });
  }
}
