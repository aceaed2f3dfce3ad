import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The compiled `wayplan` command, for benches that run their own stack. */
export const cliMain = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'main.js');

/** PostgreSQL and Temporal of a bench's own (`wayplan infra`), with their data in `dataDir`; they stop when stdin ends. */
export async function startInfra(dataDir: string): Promise<{ child: ChildProcess; databaseUrl: string; temporalAddress: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, WAYPLAN_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  const child = spawn(process.execPath, [cliMain, 'infra', '--exit-with-stdin'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolveLine, reject) => {
    child.once('exit', (code) => reject(new Error(`wayplan infra exited with code ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolveLine);
  });
  return { child, ...(JSON.parse(line) as { databaseUrl: string; temporalAddress: string }) };
}
