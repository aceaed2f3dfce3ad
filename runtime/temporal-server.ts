import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { freePort, portIsOpen, waitForPort } from './ports.js';
import type { Logger } from './logger.js';

/** The last Temporal CLI tag that `go install` accepts (later ones carry a replace directive). */
export const temporalCliVersion = '1.5.1';

export interface RunningTemporal {
  address: string;
  process: ChildProcess | undefined;
  stop(): Promise<void>;
}

function works(binary: string): boolean {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 20000 });
  return result.status === 0;
}

export function temporalCacheBinary(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cacheHome, 'wayplan', 'bin', `temporal-${temporalCliVersion}`);
}

/**
 * The Temporal CLI (its `server start-dev` is the embedded server): `TEMPORAL_CLI`, else `temporal`
 * on PATH, else a per-user cache outside the checkout, built there once with `go install` so that
 * every fresh clone (CI clones afresh) reuses it.
 */
export function locateTemporalCli(log: Logger, env: NodeJS.ProcessEnv = process.env): string {
  if (env.TEMPORAL_CLI) {
    if (!works(env.TEMPORAL_CLI)) throw new Error(`TEMPORAL_CLI=${env.TEMPORAL_CLI} does not run`);
    return env.TEMPORAL_CLI;
  }
  const onPath = spawnSync('sh', ['-c', 'command -v temporal'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim() && works(onPath.stdout.trim())) return onPath.stdout.trim();
  const cached = temporalCacheBinary(env);
  if (existsSync(cached) && works(cached)) return cached;
  buildTemporalCli(cached, log);
  return cached;
}

function buildTemporalCli(target: string, log: Logger): void {
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.status !== 0) throw new Error('the Temporal CLI is missing and Go is not installed to build it: install Go, or set TEMPORAL_CLI, or TEMPORAL_ADDRESS');
  const buildDir = `${target}.build-${process.pid}`;
  mkdirSync(buildDir, { recursive: true });
  log.info(`building the Temporal CLI ${temporalCliVersion} once into ${target} (a cold build takes several minutes)`);
  const started = Date.now();
  const result = spawnSync('go', ['install', '-ldflags=-s -w', `github.com/temporalio/cli/cmd/temporal@v${temporalCliVersion}`], {
    env: { ...process.env, CGO_ENABLED: '0', GOBIN: buildDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    throw new Error(`go install of the Temporal CLI failed (exit ${result.status ?? result.signal})`);
  }
  // Rename is atomic, so a concurrent start never sees a half-written binary.
  renameSync(join(buildDir, 'temporal'), target);
  rmSync(buildDir, { recursive: true, force: true });
  log.info(`built the Temporal CLI in ${Math.round((Date.now() - started) / 1000)} s`);
}

interface TemporalInfo {
  port: number;
}

/** `temporal server start-dev` with a durable SQLite file under the data folder. */
export class EmbeddedTemporal {
  private readonly dir: string;
  private readonly infoFile: string;

  constructor(
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.dir = join(dataDir, 'temporal');
    this.infoFile = join(dataDir, 'temporal.json');
  }

  readInfo(): TemporalInfo | undefined {
    return existsSync(this.infoFile) ? (JSON.parse(readFileSync(this.infoFile, 'utf8')) as TemporalInfo) : undefined;
  }

  async start(): Promise<RunningTemporal> {
    const cli = locateTemporalCli(this.log);
    mkdirSync(this.dir, { recursive: true });
    let info = this.readInfo();
    if (!info || (await portIsOpen(info.port))) info = { port: await freePort() };
    writeFileSync(this.infoFile, JSON.stringify(info, null, 2));
    const child = spawn(
      cli,
      [
        'server', 'start-dev', '--headless', '--ip', '127.0.0.1', '--port', String(info.port),
        '--db-filename', join(this.dir, 'temporal.db'), '--sqlite-pragma', 'journal_mode=WAL', '--log-level', 'error',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const stderr: string[] = [];
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr.push(chunk.toString());
      if (stderr.length > 50) stderr.shift();
    });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      await Promise.race([
        waitForPort(info.port, 60000),
        exited.then(() => {
          throw new Error(`the Temporal dev server exited during start: ${stderr.join('').trim()}`);
        }),
      ]);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
    const address = `127.0.0.1:${info.port}`;
    this.log.info(`Temporal dev server listening on ${address}`);
    return {
      address,
      process: child,
      stop: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
        await exited;
        clearTimeout(timer);
      },
    };
  }
}
