import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../store/migrate.js';

/** The compiled `wayplan` command the benches run, as an operator would. */
export const cliMain = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli', 'main.js');

export function cli(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [cliMain, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolveRun({ code: code ?? -1, stdout, stderr }));
  });
}

export interface BenchInfra {
  child: ChildProcess;
  databaseUrl: string;
  temporalAddress: string;
}

/** PostgreSQL and Temporal of the bench's own (`wayplan infra` on a data folder); they stop when its stdin closes. */
export async function startInfra(dataDir: string): Promise<BenchInfra> {
  // Headless: a bench stack next to a `npm start` must not reach for its Web UI port.
  const env: NodeJS.ProcessEnv = { ...process.env, WAYPLAN_DATA_DIR: dataDir, LOG_LEVEL: 'warn', WAYPLAN_TEMPORAL_UI: '0' };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  const child = spawn(process.execPath, [cliMain, 'infra', '--exit-with-stdin'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolveLine, reject) => {
    child.once('exit', (code) => reject(new Error(`wayplan infra exited with code ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolveLine);
  });
  return { child, ...(JSON.parse(line) as { databaseUrl: string; temporalAddress: string }) };
}

export async function stopInfra(infra: { child: ChildProcess }): Promise<void> {
  infra.child.stdin!.end();
  await new Promise((r) => infra.child.once('exit', r));
}

/** A bench's PostgreSQL, migrated: `DATABASE_URL` when set, else that of a `wayplan infra` of its own on `dataDir`. */
export interface BenchDatabase {
  databaseUrl: string;
  /** Stops the infra if the bench started one. */
  stop(): Promise<void>;
}

export async function benchDatabase(dataDir: string): Promise<BenchDatabase> {
  const given = process.env.DATABASE_URL;
  const infra = given === undefined ? await startInfra(dataDir) : undefined;
  const stop = async (): Promise<void> => {
    if (infra !== undefined) await stopInfra(infra);
  };
  const databaseUrl = given ?? infra!.databaseUrl;
  try {
    await migrate(databaseUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return { databaseUrl, stop };
}

/** The environment of the bench's `wayplan` processes on that infra, with their own task queues. */
export function benchEnv(infra: BenchInfra, dataDir: string, queuePrefix: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: infra.databaseUrl,
    TEMPORAL_ADDRESS: infra.temporalAddress,
    WAYPLAN_DATA_DIR: dataDir,
    WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
    LOG_LEVEL: 'warn',
    // The metrics ports would be those of a running `npm start`.
    WAYPLAN_METRICS_PORT: '0',
    WAYPLAN_WORKER_METRICS_PORT: '0',
    ...extra,
  };
}

/** Resolves once the API at `url` answers healthz with 200 (PostgreSQL and Temporal reachable). */
export async function waitHealthy(url: string, timeoutMs = 120000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    // Short against a start of seconds: every e2e file waits for its API here, and a refused
    // connection or a 503 costs next to nothing to ask again.
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not become healthy`);
}
