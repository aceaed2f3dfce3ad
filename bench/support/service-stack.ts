import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../runtime/ports.js';
import { createPool } from '../../store/db.js';
import { UserStore } from '../../store/users.js';
import { benchEnv, cliMain, startInfra, stopInfra, waitHealthy } from './infra.js';

/** A whole service of a bench's own: its API's base URL, the Authorization header of its owner, its worker process. */
export interface ServiceStack {
  base: string;
  authorization: string;
  worker: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `wayplan infra` on a fresh data folder, one worker and one API process on it (task queues
 * prefixed `queuePrefix`, `extra` added to their environment), waits until the API is healthy and
 * adds the owner `bench:ops`. `stop` ends them all and removes the folder.
 */
export async function startServiceStack(queuePrefix: string, extra: Record<string, string> = {}): Promise<ServiceStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `wayplan-${queuePrefix}-`));
  const infra = await startInfra(dataDir);
  const env = benchEnv(infra, dataDir, queuePrefix, extra);
  const port = await freePort();
  const worker = spawn(process.execPath, [cliMain, 'worker'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const children: ChildProcess[] = [
    worker,
    spawn(process.execPath, [cliMain, 'api'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] }),
  ];
  const stop = async (): Promise<void> => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)))));
    await stopInfra(infra);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(base);
    const pool = createPool(infra.databaseUrl, 1);
    await new UserStore(pool).add('bench', 'ops', 'bench-password', 'owner').finally(() => pool.end());
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, authorization: `Basic ${Buffer.from('bench%3Aops:bench-password').toString('base64')}`, worker, stop };
}
