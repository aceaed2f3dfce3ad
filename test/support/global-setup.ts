import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { cliMain } from './paths.js';
import unitSetup from './unit-setup.js';

/**
 * Starts one PostgreSQL and one Temporal dev server for the e2e suite, on free ports with their own
 * data folder, so the tests pass while a `npm start` runs on the same machine. The servers live in
 * a `wayplan infra` process that stops them when its standard input closes, even if jest dies.
 */
export default async function globalSetup(): Promise<void> {
  unitSetup();
  const dataDir = mkdtempSync(join(tmpdir(), 'wayplan-test-'));
  // Headless: the Web UI is for people, and its port would be one more to find free.
  const env: NodeJS.ProcessEnv = { ...process.env, WAYPLAN_DATA_DIR: dataDir, LOG_LEVEL: 'warn', WAYPLAN_TEMPORAL_UI: '0' };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  delete env.WAYPLAN_ADMIN;
  const child = spawn(process.execPath, [cliMain, 'infra', '--exit-with-stdin'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const addresses = await new Promise<{ databaseUrl: string; temporalAddress: string }>((resolveAddresses, reject) => {
    const timer = setTimeout(() => reject(new Error('wayplan infra did not start within 15 minutes')), 15 * 60 * 1000);
    child.once('exit', (code) => reject(new Error(`wayplan infra exited with code ${code}`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolveAddresses(JSON.parse(line) as { databaseUrl: string; temporalAddress: string });
    });
  });
  process.env.WAYPLAN_TEST_DATABASE_URL = addresses.databaseUrl;
  process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS = addresses.temporalAddress;
  process.env.WAYPLAN_TEST_DATA_DIR = dataDir;
  (globalThis as Record<string, unknown>).__wayplanInfra = { child, dataDir };
}
