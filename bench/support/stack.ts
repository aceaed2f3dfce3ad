import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../runtime/ports.js';
import { createPool } from '../../store/db.js';
import { UserStore } from '../../store/users.js';
import { benchEnv, cliMain, startInfra, stopInfra, waitHealthy } from './infra.js';

/** A running bench stack: `wayplan infra` on a data folder of its own, one worker and its API processes. */
export interface BenchStack {
  /** The base URL of each API process. */
  urls: string[];
  /** The Temporal frontend of the stack's infra. */
  temporalAddress: string;
  /** Process ids: the worker, each API process (in the order of `urls`) and `wayplan infra`. */
  pids: { worker: number; apis: number[]; infra: number };
  /** Adds account `account` with an owner `ops`; the Basic authorization header of that user. */
  addOwner(account: string): Promise<string>;
  /** Stops the processes and the infra and removes the data folder. */
  stop(): Promise<void>;
}

export interface BenchStackOptions {
  /** Names the data folder and prefixes the task queues. */
  name: string;
  /** API processes (default 1). */
  apis?: number;
  /** Environment of the worker and API processes on top of `benchEnv`'s. */
  env?: Record<string, string>;
}

const password = 'bench-password';

/** Starts a bench stack and resolves once every API process is healthy; a failed start stops what it started. */
export async function startBenchStack({ name, apis = 1, env: extra = {} }: BenchStackOptions): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `wayplan-bench-${name}-`));
  const infra = await startInfra(dataDir);
  const env = benchEnv(infra, dataDir, `bench-${name}`, extra);
  const children: ChildProcess[] = [spawn(process.execPath, [cliMain, 'worker'], { env, stdio: ['ignore', 'inherit', 'inherit'] })];
  const pool = createPool(infra.databaseUrl, 2);
  const stop = async (): Promise<void> => {
    await pool.end();
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)))));
    await stopInfra(infra);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const urls: string[] = [];
    for (let i = 0; i < apis; i++) {
      const port = await freePort();
      const api = spawn(process.execPath, [cliMain, 'api'], {
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(api);
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(urls.map((url) => waitHealthy(url)));
    const users = new UserStore(pool);
    const addOwner = async (account: string): Promise<string> => {
      await users.add(account, 'ops', password, 'owner');
      return `Basic ${Buffer.from(`${account}%3Aops:${password}`).toString('base64')}`;
    };
    const pids = { worker: children[0]!.pid!, apis: children.slice(1).map((child) => child.pid!), infra: infra.child.pid! };
    return { urls, temporalAddress: infra.temporalAddress, pids, addOwner, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
