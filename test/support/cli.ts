import { spawn } from 'node:child_process';
import { cliMain } from './paths.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the compiled `wayplan` command against the suite's PostgreSQL and Temporal; `env` adds to
 * or overrides that environment (task queue prefix, data folder, log level).
 */
export function runCli(args: string[], env: Record<string, string | undefined> = {}, stdin = ''): Promise<CliRun> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [cliMain, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: process.env.WAYPLAN_TEST_DATABASE_URL,
        TEMPORAL_ADDRESS: process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin);
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code: code ?? -1, stdout, stderr }));
  });
}
